# A resource that changes and is also notified: exec runs once as a change,
# then refreshes.
$s = $facts['sandbox']
file { "${s}/t": ensure => file, content => 't' }
~> exec { 'both': command => "/bin/sh -c 'echo run >> ${s}/log'", creates => "${s}/marker" }
