notify { 'eq': message => ['abc' == 'ABC', 'abc' != 'ABD', 'Abc' in ['aBC'], 'x' == 'x '] }
