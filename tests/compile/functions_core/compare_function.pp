notify { 'c': message => [compare(1, 2), compare('b', 'a'), compare('A', 'a'), compare('A', 'a', false)] }
