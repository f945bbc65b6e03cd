# stdlib: booleans from strings, numbers and other values
notify { 'any2bool 1': message => any2bool('yes') }
notify { 'any2bool 2': message => any2bool('1.5') }
notify { 'any2bool 3': message => any2bool('0.5') }
notify { 'any2bool 4': message => any2bool(undef) }
notify { 'any2bool 5': message => any2bool([]) }
notify { 'any2bool 6': message => any2bool(-1) }
notify { 'any2bool 7': message => any2bool(0.9) }
notify { 'any2bool 8': message => any2bool('') }
notify { 'any2bool 9': message => any2bool(true) }
notify { 'any2bool 10': message => any2bool('false') }
