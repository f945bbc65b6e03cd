$a = sprintf('%2147483648s', 'x')
