notify { 'n': message => Integer('z', 36) }
