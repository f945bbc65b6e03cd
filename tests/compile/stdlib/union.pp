# stdlib: arrays joined without duplicates
notify { 'union 1': message => union(['a','b'], ['b','c'], ['d','a']) }
notify { 'union 2': message => union([1], [1.0]) }
notify { 'union 3': message => union([], []) }
