# stdlib: booleans pass
validate_bool(true, false)
notify { 'validate_bool': message => 'ok' }
