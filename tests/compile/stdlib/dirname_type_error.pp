# stdlib: dirname of a number
$x = dirname(1)
