# stdlib: any value as an array
notify { 'any2array 1': message => any2array(undef) }
notify { 'any2array 2': message => any2array() }
notify { 'any2array 3': message => any2array('') }
notify { 'any2array 4': message => any2array({a=>1,b=>[2]}) }
notify { 'any2array 5': message => any2array(1, 2) }
notify { 'any2array 6': message => any2array(undef, 1) }
notify { 'any2array 7': message => any2array([undef]) }
notify { 'any2array 8': message => any2array(/x/) }
notify { 'any2array 9': message => any2array('a') }
