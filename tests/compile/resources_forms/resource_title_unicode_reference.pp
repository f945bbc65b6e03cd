package { 'ünï': }
notify { 'n': require => Package['ünï'] }
