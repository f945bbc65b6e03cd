# stdlib: first non-empty value or the last argument
notify { 'pick_default 1': message => pick_default(undef) }
notify { 'pick_default 2': message => pick_default(undef, undef) }
notify { 'pick_default 3': message => pick_default('', []) }
notify { 'pick_default 4': message => pick_default(undef, 'b', 'c') }
notify { 'pick_default 5': message => pick_default('', 0) }
