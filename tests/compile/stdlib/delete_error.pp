# stdlib: delete from a number
$x = delete(1, 'a')
