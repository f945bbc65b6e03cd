$xs = [1, 2]
$xs.each |$x| { $y = $x }
notify { 'n': message => "[${x}] [${y}]" }
