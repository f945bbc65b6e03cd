# Under --noop a refreshonly exec whose unless passes still says it would
# refresh (guards are checked only when it runs).
$s = $facts['sandbox']
file { "${s}/t": ensure => file, content => 't' }
~> exec { 'guarded-refresh': command => "/bin/sh -c 'echo g >> ${s}/log'", refreshonly => true, unless => '/bin/true' }
