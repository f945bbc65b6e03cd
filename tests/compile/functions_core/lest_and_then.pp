$h = { 'a' => 1 }
$x = $h['a'].then |$v| { $v + 10 }
$y = $h['b'].then |$v| { $v + 10 }
$z = $h['b'].lest || { 'fallback' }
$w = $h['a'].lest || { 'fallback' }
notify { 'r': message => [$x, "[${y}]", $z, $w] }
