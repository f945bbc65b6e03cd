$r = []
$a = 0.map |$x| { $x }
$b = 3.map |$x| { $x }
notify { 'm': message => [$a, $b] }
