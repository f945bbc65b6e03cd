notify { 'c': message => call('upcase', 'called') }
