# A -> B (fails) -> C ~> D, and A ~> E (refreshonly) -> F; a second
# chain whose failing exec sits between two refreshes.
$s = $facts['sandbox']
file { "${s}/a": ensure => file, content => 'a' }
-> exec { 'b': command => '/bin/false' }
-> file { "${s}/c": ensure => file, content => 'c' }
~> exec { 'd': command => "/usr/bin/touch ${s}/d", refreshonly => true }
File["${s}/a"] ~> exec { 'e': command => "/usr/bin/touch ${s}/e", refreshonly => true }
-> file { "${s}/f": ensure => file, content => 'f' }
file { "${s}/g": ensure => file, content => 'g' }
~> exec { 'h': command => '/bin/sh -c "exit 3"', refreshonly => true }
~> exec { 'i': command => "/usr/bin/touch ${s}/i", refreshonly => true }
-> notify { 'j': }
