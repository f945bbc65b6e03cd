notify { 'a': message => [1] + { 'k' => 'v' } }
