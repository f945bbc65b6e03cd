notify { 'n': message => [Integer('0b101'), Integer('17', 8), Integer('0xff', 16), Integer(3.99), Integer(true), Float('1e3'), Float(2), Numeric('0x10'), Integer('-0x10')] }
