package { ['a', 'b']: }
file { '/x': require => [Package['a'], Package['b']], before => Service['s'] }
service { 's': subscribe => File['/x'], notify => Exec['e'] }
exec { 'e': command => '/bin/true', refreshonly => true }
