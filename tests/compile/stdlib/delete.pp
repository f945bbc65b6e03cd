# stdlib: values removed from arrays, hashes and strings
notify { 'delete 1': message => delete(['a','b','a'], 'a') }
notify { 'delete 2': message => delete({a=>1,b=>2}, ['a']) }
notify { 'delete 3': message => delete('abcab', 'ab') }
notify { 'delete 4': message => delete('abc', ['a','c']) }
notify { 'delete 5': message => delete(['A'], 'a') }
notify { 'delete 6': message => delete([1, 2], 1.0) }
notify { 'delete 7': message => delete('a.c', '.') }
notify { 'delete 8': message => delete([1], []) }
