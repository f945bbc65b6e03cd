$a = $b = 'same'
notify { 'c': message => [$a, $b] }
