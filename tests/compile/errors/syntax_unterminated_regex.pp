$x = 'a' =~ /abc
