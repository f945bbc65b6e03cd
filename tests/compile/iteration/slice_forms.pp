$a = [1, 2, 3, 4, 5].slice(2)
$h = { 'a' => 1, 'b' => 2, 'c' => 3 }.slice(2)
$collected = []
[1, 2, 3, 4].slice(2) |$x, $y| { notify { "s${x}${y}": } }
notify { 'n': message => [$a, $h] }
