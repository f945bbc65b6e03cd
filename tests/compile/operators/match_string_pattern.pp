notify { 'm': message => ['foo.bar' =~ 'o\.b', 'foo' =~ '^F'] }
