notify { 'n': message => default }
