# stdlib: a reference that is no reference
$x = defined_with_params('curl')
