service { ['a', 'b']: ensure => running }
Service['a', 'b'] { enable => true }
