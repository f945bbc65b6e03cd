# Resources with noop => false change even in a --noop run; their events
# reach subscribers, which stay noop.
$s = $facts['sandbox']
file { "${s}/forced": ensure => file, content => 'forced', noop => false }
~> exec { 'refresh-forced': command => "/usr/bin/touch ${s}/refreshed", refreshonly => true }
exec { 'forced-exec': command => "/usr/bin/touch ${s}/forced-exec", creates => "${s}/forced-exec", noop => false }
-> file { "${s}/after": ensure => file, content => 'after' }
class forced { file { "${facts['sandbox']}/in-class": ensure => file, content => 'c' } }
class { 'forced': noop => false }
