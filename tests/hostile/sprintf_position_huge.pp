$a = sprintf('%99999999999$s', 'x')
