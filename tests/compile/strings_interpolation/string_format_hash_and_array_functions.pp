notify { 'n': message => [String({'a' => 1}), String([1, [2, 'x']]), String(undef), String(default), String(true)] }
