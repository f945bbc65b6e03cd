notify { 'radix': message => [Integer('0xff', 16), Integer('777', 8), Integer('-12'), Integer('101', 2)] }
