# stdlib: merge refuses arrays
$x = merge({a=>1}, [1])
