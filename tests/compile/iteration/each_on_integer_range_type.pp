Integer[3, 5].each |$i| { notify { "n${i}": } }
