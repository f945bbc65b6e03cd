package { ['a', 'b']: }
service { 's': require => Package['a'] }
Service['s'] { require +> Package['b'] }
