$r = with(1) |$a, $b = 'dflt'| { "${a}-${b}" }
notify { 'n': message => $r }
