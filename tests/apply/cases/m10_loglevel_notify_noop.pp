# loglevel on noop messages and on refresh messages.
$s = $facts['sandbox']
file { "${s}/quiet": ensure => file, content => 'q', loglevel => info }
~> exec { 'loud-refresh': command => "/bin/sh -c 'echo r >> ${s}/log'", refreshonly => true, loglevel => warning }
