notify { 'n': message => Numeric('0o10') }
