# stdlib: prefix with a number
$x = prefix(['a'], 1)
