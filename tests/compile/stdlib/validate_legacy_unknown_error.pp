# stdlib: an unknown legacy validator
validate_legacy(Integer, 'validate_nonexist', 'x')
