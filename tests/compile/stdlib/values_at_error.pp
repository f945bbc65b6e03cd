# stdlib: values_at beyond the end
$x = values_at(['a','b','c','d'], 4)
