# stdlib: elements of the first array not in the second
notify { 'difference 1': message => difference(['a','b','c'], ['b']) }
notify { 'difference 2': message => difference(['a','a','b'], []) }
notify { 'difference 3': message => difference([1], [1.0]) }
