notify { 'n': message => [flatten([1, [2, [3, [4]]]]), unique([1, '1', 1, 'a', 'A']), sort(['b', 'A', 'a', 'B']), sort([3, 1, 2]), unique('aabbc')] }
