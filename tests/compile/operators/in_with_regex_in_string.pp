notify { 'in': message => [/ell/ in 'hello', 'L' in 'hello', Integer in [1]] }
