$h = { 'b' => 2, 'a' => 1, 'c' => 3 }
notify { 'kv': message => [keys($h), values($h), $h.keys.sort] }
