$a = ($b = 5) + 1
notify { 'n': message => [$a, $b] }
