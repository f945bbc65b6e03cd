notify { 'radix': message => [Integer('ff', 16), Integer('777', 8), Integer('-12')] }
