# stdlib: the length must be positive
$x = fqdn_rand_string(0)
