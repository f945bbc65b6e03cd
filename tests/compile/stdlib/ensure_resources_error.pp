# stdlib: the second argument must be a hash
ensure_resources('user', ['dan'])
