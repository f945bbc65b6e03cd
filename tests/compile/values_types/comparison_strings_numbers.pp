notify { 'n': message => ['a' < 'B', 'abc' < 'abd', 10 < 9.5, 'Z' > 'a', 1 <= 1.0] }
