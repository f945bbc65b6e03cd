notify { 'n': message => [Float('1_000.5'), Integer('0o17'), Numeric('-0b11'), Float(' 2.5 '), Integer('0')] }
