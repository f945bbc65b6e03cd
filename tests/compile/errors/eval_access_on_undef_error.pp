$u = undef
$x = $u['key']
