notify { 'n': message => [flatten(1, [2, [3]]), [[1, [2]], 3].flatten, join(['a', ['b', 'c']], '-')] }
