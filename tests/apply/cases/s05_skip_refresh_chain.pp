# A failed exec between two refresh edges: the receiver of the failed one
# is skipped, the chain after it too, while an unrelated refresh works.
$s = $facts['sandbox']
file { "${s}/a": ensure => file, content => 'a' }
~> exec { 'fails-on-refresh': command => '/bin/false', refreshonly => true }
~> exec { 'after-failed-refresh': command => "/bin/sh -c 'echo after >> ${s}/log'", refreshonly => true }
file { "${s}/b": ensure => file, content => 'b' }
~> exec { 'fine': command => "/bin/sh -c 'echo fine >> ${s}/log'", refreshonly => true }
