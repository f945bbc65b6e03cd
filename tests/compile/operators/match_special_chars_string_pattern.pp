notify { 'm': message => ['a.b' =~ 'a.b', 'axb' =~ 'a\.b', 'C++' =~ /C\+\+/] }
