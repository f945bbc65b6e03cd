# stdlib: the parameter name must be a string
$x = getparam(File['/etc/motd'], 1)
