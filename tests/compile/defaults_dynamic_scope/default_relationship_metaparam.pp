package { 'base': }
Exec { require => Package['base'] }
exec { 'one': command => '/bin/true' }
exec { 'two': command => '/bin/true', require => [] }
