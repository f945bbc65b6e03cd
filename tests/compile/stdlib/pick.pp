# stdlib: first value that is neither undef nor empty
notify { 'pick 1': message => pick(undef, '', 'a') }
notify { 'pick 2': message => pick([], 'a') }
notify { 'pick 3': message => pick({}, 'a') }
notify { 'pick 4': message => pick(false, 'a') }
notify { 'pick 5': message => pick(/x/, 'a') }
notify { 'pick 6': message => pick(default, 'a') }
notify { 'pick 7': message => pick($facts['nonexistent'], $facts['os']['family']) }
