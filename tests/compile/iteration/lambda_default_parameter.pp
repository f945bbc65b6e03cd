$r = [1, 2].map |$x, $y = 'dflt'| { "${x}/${y}" }
notify { 'r': message => $r }
