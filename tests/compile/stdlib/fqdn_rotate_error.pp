# stdlib: fqdn_rotate of a hash
$x = fqdn_rotate({a=>1})
