# stdlib: ensure_packages of a number
ensure_packages(1)
