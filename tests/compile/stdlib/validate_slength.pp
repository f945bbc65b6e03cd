# stdlib: strings no longer than a limit pass
validate_slength('abc', 3)
validate_slength(['a', 'bc'], 2, 1)
notify { 'validate_slength': message => 'ok' }
