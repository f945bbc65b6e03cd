$Upper = 1
notify { 'u': message => $Upper }
