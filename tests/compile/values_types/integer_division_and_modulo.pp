notify { 'div': message => [7 / 2, -7 / 2, 7 % 3, -7 % 3, 7.0 / 2] }
