notify { 'n': message => [keys({}), values({'a' => [1]}), {'b' => 1, 'a' => 2}.keys] }
