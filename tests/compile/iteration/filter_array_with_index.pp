$x = ['a', 'b', 'c', 'd'].filter |$i, $v| { $i % 2 == 0 }
$y = { 'a' => 1, 'b' => 2, 'c' => 3 }.filter |$k, $v| { $v > 1 }
$z = [1, 2, 3].filter |$v| { undef }
notify { 'n': message => [$x, $y, $z] }
