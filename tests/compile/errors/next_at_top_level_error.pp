next()
notify { 'x': }
