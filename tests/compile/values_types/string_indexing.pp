$s = 'kubernetes'
notify { 'a': message => $s[0] }
notify { 'b': message => $s[1, 3] }
notify { 'c': message => $s[-3, 3] }
notify { 'd': message => $s[20] }
