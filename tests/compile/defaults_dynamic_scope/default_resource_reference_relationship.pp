package { 'p': }
File { require => Package['p'] }
file { '/a': ensure => file }
file { '/b': ensure => file, require => [] }
