# subscribe and notify to several resources; an exec refreshed twice over
# runs once; a file receiving notify ignores it.
$s = $facts['sandbox']
file { "${s}/x": ensure => file, content => 'x' }
file { "${s}/y": ensure => file, content => 'y' }
file { "${s}/z": ensure => file, content => 'z', notify => [Exec['once'], File["${s}/x"]] }
exec { 'once': command => "/bin/sh -c 'echo once >> ${s}/log'", refreshonly => true, subscribe => [File["${s}/x"], File["${s}/y"]] }
