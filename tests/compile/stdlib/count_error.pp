# stdlib: count with three arguments
$x = count([], 'a', 'b')
