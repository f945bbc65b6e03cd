notify { 'n': message => [String(1.0), String(1e16), String(1.23456789012345e15), String(3.14159)] }
