[$a, [$b, $c]] = [1, [2, 3]]
[$x, $y] = { 'x' => 'X', 'y' => 'Y', 'z' => 'Z' }
notify { 'n': message => [$a, $b, $c, $x, $y] }
