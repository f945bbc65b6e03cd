notify { 'n': message => [compare(1, 2), compare('a', 'B'), compare('a', 'B', false), compare(2.0, 1)] }
