notify { 'mm': message => [max(1, 5, 3), min(4, 2, 8), max([7, 9, 1]), min(['b', 'a', 'c']), max(2.5, 2)] }
