$h = { 'z' => 1, 'a' => 2, 'm' => 3 }
notify { 'n': message => [$h.keys, $h.values, $h.keys.sort] }
