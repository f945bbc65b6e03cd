# stdlib: stdlib::ensure of an unknown resource kind
$x = stdlib::ensure(true, 'user')
