service { 'svc': require => Package['nope'] }
