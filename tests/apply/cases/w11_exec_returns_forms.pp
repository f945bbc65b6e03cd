# returns as a string, a mixed array, and a code the command does not give.
$s = $facts['sandbox']
exec { 'string-code': command => "/bin/sh -c 'exit 3'", returns => '3' }
exec { 'mixed-array': command => "/bin/sh -c 'exit 2'", returns => [0, '2'] }
exec { 'zero-not-listed': command => '/bin/true', returns => 5 }
exec { 'array-miss': command => "/bin/sh -c 'exit 7'", returns => [1, 2] }
file { "${s}/after-miss": ensure => file, content => 'm', require => Exec['array-miss'] }
