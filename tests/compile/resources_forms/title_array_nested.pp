$groups = [['a', 'b'], 'c']
notify { $groups: }
