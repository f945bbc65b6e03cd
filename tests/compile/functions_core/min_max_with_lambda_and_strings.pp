notify { 'n': message => [max('a', 'B'), min('a', 'B'), max([1, 3, 2]), max(1, 2) |$a, $b| { compare($b, $a) }] }
