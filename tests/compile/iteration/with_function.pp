$r = with(1, 2) |$a, $b| { $a + $b }
notify { 'with': message => $r }
