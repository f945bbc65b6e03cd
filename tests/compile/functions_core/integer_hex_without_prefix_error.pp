notify { 'n': message => Integer('ff', 16) }
