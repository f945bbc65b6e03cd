# stdlib: concat needs two arguments
$x = concat([1])
