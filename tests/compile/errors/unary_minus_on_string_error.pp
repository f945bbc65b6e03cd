notify { 'n': message => -'abc' }
