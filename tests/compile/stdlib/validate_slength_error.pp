# stdlib: a string too long
validate_slength('abcd', 3)
