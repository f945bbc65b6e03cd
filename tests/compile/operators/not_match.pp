notify { 'nm': message => ['abc' !~ /z/, 'abc' !~ /b/, 3 !~ String] }
