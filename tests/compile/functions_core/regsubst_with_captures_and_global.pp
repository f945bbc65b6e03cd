notify { 'n': message => [regsubst('foo.bar.baz', '\.', '/', 'G'), regsubst('2021-01-02', '(\d+)-(\d+)-(\d+)', '\3/\2/\1'), regsubst('aaa', 'a', 'b', 'M'), 'hello'.regsubst(/l+/, 'L')] }
