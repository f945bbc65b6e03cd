notify { 'j': message => [join(['a', 'b', 'c'], ', '), ['x', 1, true].join('-'), join([]), join(['a', ['b', 'c']], '/')] }
