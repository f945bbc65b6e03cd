notify { 'n': message => [1, 2][1.5] }
