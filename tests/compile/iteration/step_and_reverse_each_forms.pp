$a = [1, 2, 3, 4, 5, 6].step(2).map |$x| { $x }
$b = 10.step(3).map |$x| { $x }
$c = Integer[1, 10].step(4).map |$x| { $x }
$d = [1, 2, 3].reverse_each.map |$x| { $x }
notify { 'n': message => [$a, $b, $c, $d] }
