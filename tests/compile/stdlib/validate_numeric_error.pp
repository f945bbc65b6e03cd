# stdlib: above the maximum
validate_numeric(2.5, 2)
