notify { 'n': message +> 'x' }
