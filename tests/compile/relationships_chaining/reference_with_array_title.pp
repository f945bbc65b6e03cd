file { ['/a', '/b']: }
notify { 'n': require => File[['/a', '/b']] }
