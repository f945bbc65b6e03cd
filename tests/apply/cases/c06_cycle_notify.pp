# A cycle made by notify and subscribe; the run stops before changing anything.
$s = $facts['sandbox']
file { "${s}/x": ensure => file, content => 'x', notify => Exec['y'] }
exec { 'y': command => '/bin/true', before => File["${s}/z"] }
file { "${s}/z": ensure => file, notify => File["${s}/x"] }
file { "${s}/free": ensure => file }
