# A range that excludes now (a one-second window) and a repeat count:
# weekly/daily periods with repeats run once, then wait.
$s = $facts['sandbox']
schedule { 'closed': range => '00:00:00 - 00:00:01' }
schedule { 'twice-daily': period => daily, repeat => 2 }
schedule { 'once-weekly': period => weekly, repeat => 1 }
file { "${s}/closed": ensure => file, content => 'c', schedule => 'closed' }
exec { 'twice': command => "/bin/sh -c 'echo run >> ${s}/twice'", schedule => 'twice-daily' }
exec { 'weekly': command => "/bin/sh -c 'echo run >> ${s}/weekly'", schedule => 'once-weekly' }
notify { 'closed-notify': schedule => 'closed' }
file { "${s}/after-closed": ensure => file, content => 'a', require => File["${s}/closed"] }
