# stdlib: the last element of a path
notify { 'basename 1': message => basename('/a/b/c.txt') }
notify { 'basename 2': message => basename('/a/b/c.txt', '.txt') }
notify { 'basename 3': message => basename('/a/b/c.txt', '.*') }
notify { 'basename 4': message => basename('/a/b/') }
notify { 'basename 5': message => basename('/') }
notify { 'basename 6': message => basename('') }
notify { 'basename 7': message => basename('.bashrc', '.*') }
