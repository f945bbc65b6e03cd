notify { 'n': message => [type(1, 'generalized'), type([1, 'a'], 'generalized'), type({'a' => [1]}, 'generalized'), type('abc', 'generalized'), type(1, 'reduced'), type([1, 2], 'reduced')] }
