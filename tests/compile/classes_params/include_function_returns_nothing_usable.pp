class a { }
$r = include(a)
notify { 'n': message => type($r) }
