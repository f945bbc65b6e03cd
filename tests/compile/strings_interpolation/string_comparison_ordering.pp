notify { 'ord': message => ['a' < 'b', 'B' < 'a', 'abc' <= 'ABC', 'z' > 'Y'] }
