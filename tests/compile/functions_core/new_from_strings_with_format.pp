notify { 'n': message => [Integer('12', 8), Float('1e2'), Integer('-0'), Integer(Float('2.9')), Numeric('1e3')] }
