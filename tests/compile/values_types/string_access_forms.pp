$s = 'hello'
notify { 'n': message => [$s[0], $s[-1], $s[1, 3], $s[10], $s[-3, 2], $s[1, -2]] }
