notify { 'n': message => [[1] =~ Iterable[Integer], 'abc' =~ Iterable, 3 =~ Iterable, {} =~ Iterable, Integer[1, 3] =~ Iterable, 1.5 =~ Iterable] }
