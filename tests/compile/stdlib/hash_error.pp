# stdlib: hash of an odd array
$x = hash(['a'])
