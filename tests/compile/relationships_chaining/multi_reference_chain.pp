package { ['a', 'b']: }
service { 'svc': }
Package['a', 'b'] ~> Service['svc']
