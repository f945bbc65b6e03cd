notify { 'n': message => upcase('a', 'b') }
