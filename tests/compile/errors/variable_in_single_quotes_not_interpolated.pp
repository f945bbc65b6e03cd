$x = 'v'
notify { 'n': message => '${x}' }
