notify { 'n': message => [split('a1b2c', /(\d)/), split('a, b ,c', /\s*,\s*/), split("l1\nl2\r\nl3", /\r?\n/), 'x::y::z'.split('::'), split('abc', /b|/)] }
