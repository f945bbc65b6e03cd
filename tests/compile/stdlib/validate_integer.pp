# stdlib: integers in range pass
validate_integer(5)
validate_integer('12', 20)
validate_integer([1, '2', 3], 3, 1)
validate_integer(5, undef, 3)
validate_integer(5, '', 3)
validate_integer('0x10', 20)
notify { 'validate_integer': message => 'ok' }
