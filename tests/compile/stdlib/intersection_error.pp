# stdlib: intersection of a string
$x = intersection(['a'], 'a')
