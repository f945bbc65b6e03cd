notify { 'n': message => Boolean('maybe') }
