notify { 'n': message => [1] + undef }
