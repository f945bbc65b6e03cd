notify { 'x': message => 5.5 % 2 }
