# A refresh runs when the receiver is evaluated, after its own change, and
# events that arrive later (from resources after it) are not delivered.
$s = $facts['sandbox']
exec { 'early': command => "/bin/sh -c 'echo early >> ${s}/log'", refreshonly => true }
file { "${s}/late": ensure => file, content => 'l' }
File["${s}/late"] ~> Exec['early']
exec { 'first': command => "/bin/sh -c 'echo first >> ${s}/log'", creates => "${s}/log" }
