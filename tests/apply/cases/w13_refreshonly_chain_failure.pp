# A change triggers a refreshonly exec that fails; the refreshonly exec that
# subscribes to it is skipped, a sibling still refreshes.
$s = $facts['sandbox']
file { "${s}/conf": ensure => file, content => "v1\n" }
exec { 'fails-on-refresh': command => '/bin/false', refreshonly => true, subscribe => File["${s}/conf"] }
exec { 'after-failure': command => "/usr/bin/touch ${s}/after", refreshonly => true, subscribe => Exec['fails-on-refresh'] }
exec { 'sibling': command => "/usr/bin/touch ${s}/sibling", refreshonly => true, subscribe => File["${s}/conf"] }
