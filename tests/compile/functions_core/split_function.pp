notify { 's': message => [split('a,b,,c', ','), split('a1b22c', /\d+/), 'x y  z'.split(' '), split('abc', '')] }
