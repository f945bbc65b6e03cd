# stdlib: has_key of an array
$x = has_key([], 'a')
