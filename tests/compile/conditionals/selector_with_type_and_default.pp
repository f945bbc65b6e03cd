$v = 3.5
$r = $v ? { Integer => 'int', Float => 'float', default => 'other' }
$s = 'x' ? { Numeric => 'num', String[1] => 'str', default => 'other' }
notify { 'n': message => "${r} ${s}" }
