$r = [1, 2, 3].reverse_each.map |$x| { $x }
$s = Integer[0, 10].step(3).map |$x| { $x }
notify { 'r': message => [$r, $s] }
