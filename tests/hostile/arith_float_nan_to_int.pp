$x = 1e308 * 10
$a = Integer($x)
