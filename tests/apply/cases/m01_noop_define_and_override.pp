# noop on a define instance reaches its contents; noop => false on a resource
# under global --noop still changes it.
$s = $facts['sandbox']
define thing() { file { "${facts['sandbox']}/${title}": ensure => file, content => $title } }
thing { 'quiet': noop => true }
thing { 'loud': }
file { "${s}/forced": ensure => file, content => 'f', noop => false }
~> exec { 'forced-refresh': command => "/bin/sh -c 'echo f >> ${s}/log'", refreshonly => true }
