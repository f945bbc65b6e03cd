# stdlib: reverse of a hash
$x = reverse({a=>1})
