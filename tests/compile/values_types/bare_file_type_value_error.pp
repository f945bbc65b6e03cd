notify { 'n': message => File }
