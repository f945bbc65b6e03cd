# stdlib: union of a string
$x = union(['a'], 'b')
