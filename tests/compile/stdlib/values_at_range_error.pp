# stdlib: values_at with a reversed range
$x = values_at(['a','b','c','d'], '2-1')
