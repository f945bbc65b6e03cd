notify { 'n': message => sprintf('%d', 'abc') }
