# stdlib: ensure_packages of an empty name
ensure_packages([''])
