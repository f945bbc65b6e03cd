$r = notify { ['a', 'b']: }
$s = notify { 'c': }
notify { 'x': message => [$r, $s], require => $r }
