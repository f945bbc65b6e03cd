notify { 'x': message => file('m/nope.txt', 'nomodule/x') }
