# stdlib: whether a hash has a key
notify { 'has_key 1': message => has_key({a=>1}, 'a') }
notify { 'has_key 2': message => has_key({a=>1}, 'A') }
notify { 'has_key 3': message => has_key({1=>1}, '1') }
notify { 'has_key 4': message => has_key({1=>1}, 1) }
