# Refresh events pass down a chain of refreshonly execs.
$s = $facts['sandbox']
file { "${s}/start": ensure => file, content => 's' }
~> exec { 'one': command => "/bin/sh -c 'echo one >> ${s}/log'", refreshonly => true }
~> exec { 'two': command => "/bin/sh -c 'echo two >> ${s}/log'", refreshonly => true }
~> exec { 'three': command => "/bin/sh -c 'echo three >> ${s}/log'", refreshonly => true }
