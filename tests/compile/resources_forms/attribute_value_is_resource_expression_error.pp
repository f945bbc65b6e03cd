notify { 'a': message => notify { 'inner': } }
