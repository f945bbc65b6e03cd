# stdlib: elements two arrays share
notify { 'intersection 1': message => intersection(['a','b','c'], ['b','c','d','b']) }
notify { 'intersection 2': message => intersection([1, 2], [2.0]) }
notify { 'intersection 3': message => intersection([], ['a']) }
