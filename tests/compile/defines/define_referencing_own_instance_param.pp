define d ($v) { }
d { 'x': v => 'val' }
notify { 'n': message => D['x']['v'] }
