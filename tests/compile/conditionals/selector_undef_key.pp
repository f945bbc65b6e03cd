$u = undef
$r = $u ? { undef => 'was undef', default => 'other' }
notify { 'r': message => $r }
