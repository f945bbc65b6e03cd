notify { 'a': }
Notify['a'] -> Notify['ghost']
