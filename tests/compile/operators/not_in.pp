notify { 'n': message => [!('a' in ['b']), !('x' in 'xyz')] }
