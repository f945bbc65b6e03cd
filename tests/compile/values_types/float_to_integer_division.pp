notify { 'n': message => [10 / 4, 10.0 / 4, 10 / 4.0] }
