$base = { 'a' => 1, 'b' => 2 }
notify { 'merge': message => $base + { 'b' => 20, 'c' => 3 } }
notify { 'remove': message => $base - ['a'] }
notify { 'remove_hash': message => $base - { 'b' => 99 } }
