notify { 's': message => [sort([3, 1, 2]), sort(['b', 'C', 'a']), sort([3, 1, 2]) |$a, $b| { compare($b, $a) }] }
