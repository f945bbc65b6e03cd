class c { }
notify { 'a': }
Notify['a'] -> Class['c']
