notify { 'p': message => ['a' in ['a'] and 'b' in ['c'], 1 + 2 == 3 and !false] }
