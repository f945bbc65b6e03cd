$a = ['x', 'y']
notify { "list ${a}": }
