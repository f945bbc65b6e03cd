notify { 'h': message => Hash([['a', 1], ['b', 2]]) }
notify { 'flat': message => Hash(['x', 10, 'y', 20]) }
