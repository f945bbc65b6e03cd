define d { notify { "n-${title}": message => 'orig' } Notify["n-${title}"] { message => 'amended' } }
d { 'x': }
