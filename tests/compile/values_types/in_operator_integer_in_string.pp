notify { 'n': message => 1 in 'abc' }
