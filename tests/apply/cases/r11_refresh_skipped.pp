# A receiver with a failed dependency is skipped: its queued refresh is dropped.
$s = $facts['sandbox']
exec { 'fails': command => '/bin/false' }
file { "${s}/changes": ensure => file, content => 'c' }
exec { 'receiver': command => "/bin/sh -c 'echo r >> ${s}/log'", refreshonly => true,
  subscribe => File["${s}/changes"], require => Exec['fails'] }
