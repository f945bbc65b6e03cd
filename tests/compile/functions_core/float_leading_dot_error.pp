notify { 'n': message => Float('.5') }
