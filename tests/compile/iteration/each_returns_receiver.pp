$r = [1, 2, 3].each |$x| { $x * 10 }
notify { 'r': message => $r }
