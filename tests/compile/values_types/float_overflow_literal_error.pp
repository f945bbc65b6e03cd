$x = 1e400
notify { 'x': message => $x }
