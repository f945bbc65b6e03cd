# stdlib: whether an array holds values
notify { 'member 1': message => member(['a','b'], 'a') }
notify { 'member 2': message => member(['a','b'], 'A') }
notify { 'member 3': message => member(['a','b'], ['a','b']) }
notify { 'member 4': message => member(['a','b'], ['a','c']) }
notify { 'member 5': message => member([1,2], 1) }
notify { 'member 6': message => member([1.0,2], 1) }
