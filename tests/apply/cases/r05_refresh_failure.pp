# A refresh that fails marks the resource failed_to_restart; dependents skip.
$s = $facts['sandbox']
file { "${s}/f": ensure => file, content => 'f' }
~> exec { 'bad-refresh': command => '/bin/false', refreshonly => true }
-> file { "${s}/after": ensure => file, content => 'a' }
file { "${s}/other": ensure => file, content => 'o' }
