# A mode change alone notifies; an owner already right does not.
$s = $facts['sandbox']
file { "${s}/m": ensure => file, mode => '0600', owner => 'root' }
~> exec { 'on-mode': command => "/bin/sh -c 'echo mode >> ${s}/log'", refreshonly => true }
file { "${s}/same": ensure => file, owner => 'root' }
~> exec { 'on-same': command => "/bin/sh -c 'echo same >> ${s}/log'", refreshonly => true }
