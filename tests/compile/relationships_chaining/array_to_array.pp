package { ['a', 'b']: }
service { ['x', 'y']: }
[Package['a'], Package['b']] -> [Service['x'], Service['y']]
