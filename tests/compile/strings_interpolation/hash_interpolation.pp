$h = { 'a' => 1, 'b' => 'two', 'c' => [1, 2] }
notify { 'hash': message => "hash: ${h}" }
