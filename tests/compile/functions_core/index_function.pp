notify { 'i': message => [index(['a', 'b', 'c'], 'b'), 'hello'.index('l'), [1, 2, 3].index |$x| { $x > 1 }, index(['a'], 'z')] }
