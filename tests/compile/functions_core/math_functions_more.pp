notify { 'n': message => [abs(-3), abs(-2.5), ceiling(2.1), floor(2.9), round(2.5), round(-2.5), round(2.4), 7 / 2, -7 / 2, -7 % 3, 7.0 / 2] }
