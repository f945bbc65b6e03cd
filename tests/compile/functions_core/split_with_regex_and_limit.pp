notify { 'n': message => [split('a,b,,c', ','), split('a1b22c', /\d+/), split('abc', ''), split('a b  c', ' '), 'x-y'.split('-')] }
