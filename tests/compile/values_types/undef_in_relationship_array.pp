package { 'p': }
service { 's': require => [Package['p'], undef] }
