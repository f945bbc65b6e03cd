# stdlib: arrays pass
validate_array([], [1])
notify { 'validate_array': message => 'ok' }
