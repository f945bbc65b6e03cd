type MyKey = Integer[1, 2]
$h = { 1 => 'int', 2.5 => 'float', true => 'bool', [1, 'a'] => 'array', {'k' => 'v'} => 'hash', Integer => 'type', MyKey => 'alias', /re\/x/ => 'regex', default => 'default', File['/x'] => 'ref', undef => 'undef' }
notify { 'n': message => $h }
