# stdlib: a string is no boolean
validate_bool(true, 'true')
