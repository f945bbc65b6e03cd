notify { 'n': message => 'abc'[0, 1, 2] }
