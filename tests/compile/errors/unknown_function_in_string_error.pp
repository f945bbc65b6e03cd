$x = 1
notify { 'n': message => "value ${nosuchfunc($x)}" }
