$x = 'never closed
notify { 'x': }
