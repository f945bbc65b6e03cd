$x = 'outer'
$r = [1].map |$x| { $x + 1 }
notify { 'n': message => [$x, $r] }
