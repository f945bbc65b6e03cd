notify { 'x': message => 'abc' + 1 }
