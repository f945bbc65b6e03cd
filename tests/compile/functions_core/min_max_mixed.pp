notify { 'n': message => [max(1, 2.5, 2), min('b', 'a', 'C'), max([4, 9, 3]), min(3, 1) ] }
