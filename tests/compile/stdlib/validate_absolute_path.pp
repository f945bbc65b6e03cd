# stdlib: absolute paths pass
validate_absolute_path('/a', ['/b', 'C:/x', '\\\\server\\share'])
notify { 'validate_absolute_path': message => 'ok' }
