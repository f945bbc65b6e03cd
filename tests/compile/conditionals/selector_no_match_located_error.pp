$x = 'q'
notify { 'n': message => $x ? { 'a' => 1, 'b' => 2 } }
