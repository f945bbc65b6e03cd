# stdlib: no pattern matches
validate_re('abc', '^b')
