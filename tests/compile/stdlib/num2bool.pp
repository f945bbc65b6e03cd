# stdlib: booleans from numbers
notify { 'num2bool 1': message => num2bool('1.5') }
notify { 'num2bool 2': message => num2bool(0.5) }
notify { 'num2bool 3': message => num2bool(true) }
notify { 'num2bool 4': message => num2bool([]) }
notify { 'num2bool 5': message => num2bool(2) }
notify { 'num2bool 6': message => num2bool(-3) }
notify { 'num2bool 7': message => num2bool('0') }
