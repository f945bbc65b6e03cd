# A refresh that times out fails the exec; a guard that times out fails too.
$s = $facts['sandbox']
file { "${s}/trigger": ensure => file, content => 't' }
exec { 'slow-refresh': command => '/bin/sleep 5', timeout => 1, refreshonly => true, subscribe => File["${s}/trigger"] }
exec { 'slow-guard': command => '/bin/true', onlyif => '/bin/sleep 5', timeout => 1 }
file { "${s}/after-slow": ensure => file, content => 'a', require => Exec['slow-refresh'] }
