$z = 0
notify { 'n': message => 5 % $z }
