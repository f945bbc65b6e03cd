package { 'foo': }
notify { 'n': require => Package['Foo'] }
