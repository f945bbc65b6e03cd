# stdlib: strings matching a pattern pass
validate_re('abc', '^a')
validate_re('abc', ['^b', 'c$'])
validate_re('abc', /^a/)
notify { 'validate_re': message => 'ok' }
