notify { 'n': message => [Integer('-12', 10, true), Integer('-0b11', 2), Integer(-7, 10, true)] }
