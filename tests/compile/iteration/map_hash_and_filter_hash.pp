$h = { 'a' => 1, 'b' => 2, 'c' => 3 }
$pairs = $h.map |$k, $v| { "${k}=${v}" }
$big = $h.filter |$k, $v| { $v > 1 }
notify { 'r': message => [$pairs, $big] }
