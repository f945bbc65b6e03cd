package { 'a': }
service { 's': require => [Package['a'], Package['a']] }
Package['a'] -> Service['s']
