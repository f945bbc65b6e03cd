# Noop and refresh: a noop sender, a noop receiver, a receiver of a mix.
$s = $facts['sandbox']
file { "${s}/noop-sender": ensure => file, content => 'n', noop => true }
~> exec { 'from-noop': command => "/bin/sh -c 'echo a >> ${s}/log'", refreshonly => true }
file { "${s}/real-sender": ensure => file, content => 'r' }
~> exec { 'noop-receiver': command => "/bin/sh -c 'echo b >> ${s}/log'", refreshonly => true, noop => true }
exec { 'mixed': command => "/bin/sh -c 'echo c >> ${s}/log'", refreshonly => true,
  subscribe => [File["${s}/noop-sender"], File["${s}/real-sender"]] }
