# stdlib: range with a zero step
$x = range(1, 10, 0)
