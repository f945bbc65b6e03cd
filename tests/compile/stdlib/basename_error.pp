# stdlib: basename of a number
$x = basename(1)
