# stdlib: elements counted
notify { 'count 1': message => count(['a', '', undef, 'b']) }
notify { 'count 2': message => count(['a','b','a'], 'a') }
notify { 'count 3': message => count(['a','b','a'], 'A') }
notify { 'count 4': message => count([1, 1.0], 1) }
notify { 'count 5': message => count({a=>1}) }
notify { 'count 6': message => count(['a', false, 0]) }
notify { 'count 7': message => count(['a', false], false) }
