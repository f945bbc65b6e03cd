# A refreshed resource sends a refresh on; one that stays in sync does not.
$s = $facts['sandbox']
file { "${s}/start": ensure => file, content => 's' }
~> exec { 'first': command => "/bin/sh -c 'echo first >> ${s}/log'", refreshonly => true }
~> exec { 'second': command => "/bin/sh -c 'echo second >> ${s}/log'", refreshonly => true }
~> exec { 'third': command => "/bin/sh -c 'echo third >> ${s}/log'", refreshonly => true }
file { "${s}/same": ensure => directory }
~> exec { 'not-triggered': command => "/bin/sh -c 'echo no >> ${s}/log'", refreshonly => true }
