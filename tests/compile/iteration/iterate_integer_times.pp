3.each |$i| { notify { "n${i}": } }
