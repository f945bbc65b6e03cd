# stdlib: below the minimum
validate_integer(5, '', 7)
