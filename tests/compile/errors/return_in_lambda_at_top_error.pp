[1, 2].each |$x| { if $x == 1 { return() } }
notify { 'x': }
