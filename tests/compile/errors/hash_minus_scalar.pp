$x = {'a' => 1} - 'a'
notify { 'n': message => $x }
