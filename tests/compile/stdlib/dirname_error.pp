# stdlib: dirname of an empty string
$x = dirname('')
