# Events sent to types that do not refresh (file, notify) are dropped;
# a refreshonly exec that gets none never runs.
$s = $facts['sandbox']
file { "${s}/a": ensure => file, content => 'a' }
~> file { "${s}/b": ensure => file, content => 'b' }
~> notify { 'n': }
~> exec { 'end': command => "/bin/sh -c 'echo end >> ${s}/log'", refreshonly => true }
