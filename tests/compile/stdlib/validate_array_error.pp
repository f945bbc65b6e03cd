# stdlib: a hash is no array
validate_array({a=>1})
