notify { 'types': message => [5 =~ Integer, '5' =~ Integer, [1, 2] =~ Array[Integer], 'abc' =~ String[1, 2], undef =~ Undef] }
