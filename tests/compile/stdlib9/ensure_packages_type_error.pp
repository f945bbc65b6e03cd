stdlib::ensure_packages(['a', ''])
