notify { 'a': }
Notify['a'] -> 'plain'
