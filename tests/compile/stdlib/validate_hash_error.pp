# stdlib: an array is no hash
validate_hash([1])
