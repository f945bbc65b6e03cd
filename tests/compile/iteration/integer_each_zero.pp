0.each |$i| { notify { "never ${i}": } }
notify { 'done': }
