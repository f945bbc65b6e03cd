$x = { 'a' => 1, 'a' => 2 }
notify { 'x': message => $x }
