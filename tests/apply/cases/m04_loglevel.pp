# The loglevel metaparameter sets the level of change messages.
$s = $facts['sandbox']
file { "${s}/info": ensure => file, content => 'i', loglevel => info }
file { "${s}/warning": ensure => file, content => 'w', loglevel => warning }
file { "${s}/err": ensure => file, content => 'e', loglevel => err }
exec { 'debug-exec': command => '/bin/true', loglevel => debug }
