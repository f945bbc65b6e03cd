# A ~> B (fails on refresh) ~> C; D subscribes to A and B; E requires A only.
$s = $facts['sandbox']
file { "${s}/a": ensure => file, content => 'a' }
~> exec { 'b': command => '/bin/false', refreshonly => true }
~> exec { 'c': command => "/usr/bin/touch ${s}/c", refreshonly => true }
exec { 'd': command => "/usr/bin/touch ${s}/d", refreshonly => true, subscribe => [File["${s}/a"], Exec['b']] }
exec { 'e': command => "/usr/bin/touch ${s}/e", refreshonly => true, subscribe => File["${s}/a"] }
