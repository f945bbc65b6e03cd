$h = { 1 => 'one', '1' => 'string one' }
notify { 'h': message => [$h[1], $h['1']] }
