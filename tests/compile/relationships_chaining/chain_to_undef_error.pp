notify { 'a': }
Notify['a'] -> $nosuch
