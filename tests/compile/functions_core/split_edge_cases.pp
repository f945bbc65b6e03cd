notify { 'n': message => [split('', ','), split('a,', ','), split(',a', ','), split('a.b.c', '.'), split('a.b', /\./), split('abc', /b/)] }
