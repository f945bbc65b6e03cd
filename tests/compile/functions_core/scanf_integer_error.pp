notify { 'x': message => scanf(42, '%d') }
