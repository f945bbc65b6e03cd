# stdlib: concat needs an array first
$x = concat('a', 1)
