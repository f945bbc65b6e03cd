define d ($name = 'explicit') { notify { "d ${title}": message => $name } }
d { 'x': }
