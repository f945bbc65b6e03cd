# stdlib: prefix of a string
$x = prefix('a', 'p')
