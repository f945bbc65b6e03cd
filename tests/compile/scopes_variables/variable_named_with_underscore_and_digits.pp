$_x = 1
$x_1 = 2
$camelCase = 3
notify { 'n': message => [$_x, $x_1, $camelCase] }
