$h = { 'a' => 1, 'b' => 2 } + { 'a' => 3, 'c' => 4 }
notify { 'h': message => [$h, $h.map |$k, $v| { $k }] }
