# A command or a guard not found in the path fails at run time, and so do
# dependents.
$s = $facts['sandbox']
exec { 'not-found-in-path': command => 'kuppet-no-such-cmd', path => '/usr/bin:/bin' }
exec { 'guard-not-found': command => '/bin/true', path => '/usr/bin:/bin', unless => 'kuppet-no-such-guard' }
file { "${s}/dependent": ensure => file, content => 'd', require => Exec['not-found-in-path'] }
exec { 'fine': command => "touch ${s}/fine", path => '/bin:/usr/bin', creates => "${s}/fine" }
