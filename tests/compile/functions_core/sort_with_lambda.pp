notify { 'n': message => [sort([3, 1, 2]) |$a, $b| { compare($b, $a) }, sort(['b', 'A', 'c'])] }
