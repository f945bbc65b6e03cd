# stdlib: is_a needs a type
$x = is_a(1, 'Integer')
