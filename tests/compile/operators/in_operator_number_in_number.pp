notify { 'n': message => 1 in 5 }
