$s = $facts['sandbox']
define step($cmd) { exec { "step-${title}": command => $cmd } }
step { 'a': cmd => '/bin/true' } -> step { 'b': cmd => '/bin/false' } -> step { 'c': cmd => '/bin/true' }
file { "${s}/after": ensure => file, require => Step['c'] }
file { "${s}/free": ensure => file }
