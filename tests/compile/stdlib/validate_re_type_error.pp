# stdlib: the input must be a string
validate_re(1, 'x')
