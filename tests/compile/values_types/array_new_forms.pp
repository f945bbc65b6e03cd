notify { 'n': message => [Array('abc'), Array('abc', true), Array({ 'a' => 1 }), Array(Integer[1, 3]), Array(5, true), Array([1])] }
