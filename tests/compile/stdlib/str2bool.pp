# stdlib: booleans from strings
notify { 'str2bool 1': message => str2bool('TRUE') }
notify { 'str2bool 2': message => str2bool('undef') }
notify { 'str2bool 3': message => str2bool('') }
notify { 'str2bool 4': message => str2bool(undef) }
notify { 'str2bool 5': message => str2bool(true) }
notify { 'str2bool 6': message => str2bool('n') }
notify { 'str2bool 7': message => str2bool('Yes') }
notify { 'str2bool 8': message => str2bool('0') }
