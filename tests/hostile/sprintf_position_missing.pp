$a = sprintf('%9$s', 'x')
