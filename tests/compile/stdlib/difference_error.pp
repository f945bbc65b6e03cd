# stdlib: difference of a string
$x = difference(['a'], 'a')
