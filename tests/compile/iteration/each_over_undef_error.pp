$u = undef
$u.each |$x| { }
