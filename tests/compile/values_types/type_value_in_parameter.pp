notify { 'type': message => Integer[1, 10] }
