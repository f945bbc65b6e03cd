# stdlib: an array element that is no integer
validate_integer(['1', 'a'])
