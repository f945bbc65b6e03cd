$x = undef
$x.upcase
