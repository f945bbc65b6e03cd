notify { 'q': message => ['a\\', '\'', 'x\y', '\\\\'] }
