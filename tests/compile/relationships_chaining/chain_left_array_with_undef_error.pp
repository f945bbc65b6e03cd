notify { 'a': }
[Notify['a'], undef] -> Notify['a']
