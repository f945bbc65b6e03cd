# Under --noop a refreshonly exec reports it would refresh; a non
# refreshonly exec with changed subscription in noop.
$s = $facts['sandbox']
file { "${s}/c": ensure => file, content => 'c' }
~> exec { 'ro': command => "/bin/sh -c 'echo ro >> ${s}/log'", refreshonly => true }
exec { 'plain': command => "/bin/sh -c 'echo plain >> ${s}/log'", subscribe => File["${s}/c"], creates => "${s}/plain-done" }
