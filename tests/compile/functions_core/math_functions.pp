notify { 'm': message => [abs(-5), abs(-2.5), ceiling(2.1), floor(2.9), round(2.5), round(-2.5)] }
