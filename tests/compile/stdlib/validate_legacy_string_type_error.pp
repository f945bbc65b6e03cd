# stdlib: the type given as a string
validate_legacy('Optional[String]', 'validate_string', 1)
