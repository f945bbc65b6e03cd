# stdlib: hashes from arrays
notify { 'hash 1': message => hash(['a', 1, 'b', 2]) }
notify { 'hash 2': message => hash([['a', 1], ['b', 2]]) }
notify { 'hash 3': message => hash([]) }
notify { 'hash 4': message => hash([{a=>1}]) }
