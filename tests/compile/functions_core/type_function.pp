notify { 't': message => [String(type([1, 2])), String(type('x', 'reduced')), String(Integer.type)] }
