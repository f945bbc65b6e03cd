# stdlib: delete_values of an array
$x = delete_values([1], 1)
