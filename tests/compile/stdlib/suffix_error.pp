# stdlib: suffix of a number
$x = suffix(1, 'p')
