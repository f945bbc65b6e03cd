# stdlib: a maximum that is no integer
validate_integer(5, 'x')
