define d { notify { "inner ${title}": } }
d { 'x': } -> d { 'y': }
