# stdlib: a relative path fails
validate_absolute_path(['/a', 'b'])
