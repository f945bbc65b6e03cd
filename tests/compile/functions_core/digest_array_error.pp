notify { 'x': message => digest([1]) }
