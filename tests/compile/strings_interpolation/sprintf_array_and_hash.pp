notify { 'p': message => sprintf('%s %s', [1, 2], { 'a' => 1 }) }
