define d { file { '/d': ensure => file } }
d { 'x': }
$m = File['/d']['ensure']
