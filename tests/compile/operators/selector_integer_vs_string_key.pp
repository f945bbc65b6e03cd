$x = '2' ? { 2 => 'int', '2' => 'string', default => 'none' }
notify { 'x': message => $x }
