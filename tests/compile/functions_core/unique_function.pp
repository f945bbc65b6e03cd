notify { 'u': message => [unique([1, 2, 1, 3, 2]), unique(['a', 'A', 'a']), 'hello'.unique] }
