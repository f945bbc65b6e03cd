$x = 5
notify { 'n': message => $x[0] }
