$h = {'a' => 1, 'b' => 2, 'c' => 3}
$h.slice(2) |$x, $y| { notice("${x} ${y}") }
$r = [1, 2, 3, 4, 5].slice(2).map |$p| { $p }
$s = [1, 2, 3].slice(2) |*$rest| { notice($rest) }
notify { 'n': message => [$r, $s] }
