package { ['a', 'b']: }
$refs = [Package['a'], Package['b']]
Package['a', 'b'] { ensure => latest }
notify { 'n': require => $refs }
