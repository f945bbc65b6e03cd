[$a, $b, $c] = [1, 'two', [3]]
notify { 'd': message => [$c, $b, $a] }
