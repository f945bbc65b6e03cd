service { ['a', 'b']: }
file { '/etc/x': notify => [Service['a'], 'Service[b]'] }
