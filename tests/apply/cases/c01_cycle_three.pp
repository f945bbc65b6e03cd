# A cycle of three resources stops the run before any change.
$s = $facts['sandbox']
file { "${s}/ok": ensure => file, content => 'never written' }
exec { 'a': command => '/bin/true', require => Exec['c'] }
exec { 'b': command => '/bin/true', require => Exec['a'] }
exec { 'c': command => '/bin/true', require => Exec['b'] }
