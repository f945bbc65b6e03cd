# stdlib: is_bool takes one argument
$x = is_bool(true, false)
