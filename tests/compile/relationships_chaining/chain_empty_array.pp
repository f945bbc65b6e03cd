$none = []
$none -> package { 'x': }
