# stdlib: a string prepended to elements and keys
notify { 'prefix 1': message => prefix(['a','b'], 'p') }
notify { 'prefix 2': message => prefix({a=>1}, 'p') }
notify { 'prefix 3': message => prefix([1, undef, true], 'p') }
notify { 'prefix 4': message => prefix(['a']) }
notify { 'prefix 5': message => prefix(['a'], undef) }
notify { 'prefix 6': message => prefix([[1,2], {a=>1}], 'p') }
notify { 'prefix 7': message => prefix({1=>2, a=>3}, 'x-') }
