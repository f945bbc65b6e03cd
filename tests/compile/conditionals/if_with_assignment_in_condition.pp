if ($x = 5) > 3 { notify { 'n': message => $x } }
