# stdlib: deep_merge refuses arrays
$x = deep_merge({a=>1}, [1])
