$r = ['a', 'b', 'c', 'd'].filter |$i, $x| { $i % 2 == 0 }
notify { 'r': message => $r }
