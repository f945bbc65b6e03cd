# stdlib: uriescape of a number
$x = uriescape(1)
