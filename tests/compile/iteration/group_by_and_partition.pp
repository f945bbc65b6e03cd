$g = ['apple', 'avocado', 'banana'].group_by |$x| { $x[0] }
$p = [1, 2, 3, 4].partition |$x| { $x % 2 == 0 }
notify { 'm': message => [$g, $p] }
