notify { 'n': message => [join([1, [2, 3]], ','), join([], ','), [1, 2].join, join(['a', undef, 'b'], '-')] }
