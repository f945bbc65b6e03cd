$h = { 'a' => 1, 'b' => 2 }
$x = $h.map |$pair| { "${pair[0]}=${pair[1]}" }
$y = $h.map |$k, $v| { $v * 10 }
notify { 'n': message => [$x, $y] }
