$a = sprintf('%2000000000s', 'x')
