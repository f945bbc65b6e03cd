$none = []
notify { $none: }
notify { [['a', 'b'], 'c']: }
file { ['/tmp/x/', '/tmp/y']: ensure => directory }
