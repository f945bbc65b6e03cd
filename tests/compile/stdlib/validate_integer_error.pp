# stdlib: above the maximum
validate_integer('12', 10)
