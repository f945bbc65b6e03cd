# stdlib: a string appended to elements and keys
notify { 'suffix 1': message => suffix(['a', 2], '.s') }
notify { 'suffix 2': message => suffix({a=>1, 2=>3}, '.s') }
notify { 'suffix 3': message => suffix(['a']) }
notify { 'suffix 4': message => suffix([1.5, 'b'], '!') }
