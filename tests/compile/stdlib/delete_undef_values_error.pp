# stdlib: delete_undef_values of a string
$x = delete_undef_values('a')
