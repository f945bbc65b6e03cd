Integer[1, 9].step(4) |$i| { notify { "s${i}": } }
