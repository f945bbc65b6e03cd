notify { 'n': message => 1.0 / 0 }
