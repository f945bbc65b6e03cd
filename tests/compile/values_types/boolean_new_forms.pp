notify { 'n': message => [Boolean('true'), Boolean('False'), Boolean('yes'), Boolean('n'), Boolean(0), Boolean(1.5), Boolean(false)] }
