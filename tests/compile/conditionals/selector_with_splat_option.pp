$opts = ['a', 'b']
$r = 'b' ? { *$opts => 'in list', default => 'not' }
notify { 'n': message => $r }
