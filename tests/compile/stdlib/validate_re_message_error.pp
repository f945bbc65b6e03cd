# stdlib: a custom message
validate_re('abc', ['^b', 'x'], 'not what we want')
