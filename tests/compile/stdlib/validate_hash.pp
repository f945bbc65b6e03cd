# stdlib: hashes pass
validate_hash({}, {a=>1})
notify { 'validate_hash': message => 'ok' }
