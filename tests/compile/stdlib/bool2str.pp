# stdlib: strings from booleans
notify { 'bool2str 1': message => bool2str(true) }
notify { 'bool2str 2': message => bool2str(false) }
notify { 'bool2str 3': message => bool2str(false, 'y', 'n') }
notify { 'bool2str 4': message => bool2str(true, 'on', 'off') }
notify { 'bool2str 5': message => bool2str(true, undef, undef) }
