$u = undef
$x = $u.upcase
