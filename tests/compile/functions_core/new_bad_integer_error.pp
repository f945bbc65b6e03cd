notify { 'n': message => Integer('abc') }
