function f($a, $b = "${a}-b") { $b }
notify { 'n': message => [f('x'), f('x', 'y')] }
