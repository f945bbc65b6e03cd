# stdlib: deep_merge needs two hashes
$x = deep_merge({a=>1})
