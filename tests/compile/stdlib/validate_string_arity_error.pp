# stdlib: validate_string without arguments
validate_string()
