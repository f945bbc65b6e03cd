$x = upcase('a', 'b', 'c')
