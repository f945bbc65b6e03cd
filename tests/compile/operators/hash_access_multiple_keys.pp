$h = {'a' => 1, 'b' => 2, 'c' => 3}
notify { 'n': message => [$h['a', 'c'], $h['a', 'z'], $h['z'], $h[['a', 'b']], [$h['b']].flatten] }
