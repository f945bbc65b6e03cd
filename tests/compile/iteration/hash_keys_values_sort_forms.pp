$h = {'b' => 2, 'a' => 1}
notify { 'n': message => [$h.map |$k, $v| { $k }, $h.keys, $h.values, $h.keys.sort, $h.map |$k, $v| { [$k, $v] }.sort |$x, $y| { compare($x[1], $y[1]) }, $h.filter |$k, $v| { false }] }
