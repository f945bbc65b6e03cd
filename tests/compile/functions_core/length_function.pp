notify { 'l': message => [length('hello'), length([1, 2, 3]), length({ 'a' => 1 }), 'abc'.length, size([1])] }
