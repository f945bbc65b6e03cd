package { 'p': }
@@file { '/exp': require => Package['p'] }
