notify { 'f': message => webapp::double(21) }
