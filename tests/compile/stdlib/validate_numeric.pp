# stdlib: numbers in range pass
validate_numeric(5.5)
validate_numeric('1.5', 2)
validate_numeric([1, '2.5'], 3, 1)
notify { 'validate_numeric': message => 'ok' }
