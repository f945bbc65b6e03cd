# stdlib: validate_string of an array
validate_string('a', [])
