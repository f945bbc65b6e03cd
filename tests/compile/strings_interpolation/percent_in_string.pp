notify { 'p': message => "100% done %s %d" }
