# stdlib: enclose_ipv6 of a name
$x = enclose_ipv6('nope')
