# A noop resource reports each out-of-sync property; nothing changes.
$s = $facts['sandbox']
file { "${s}/f": content => "new\n", mode => '0600', noop => true }
~> exec { 'refresh-me': command => "/bin/sh -c 'echo r >> ${s}/log'", refreshonly => true }
file { "${s}/g": ensure => file, content => 'g' }
