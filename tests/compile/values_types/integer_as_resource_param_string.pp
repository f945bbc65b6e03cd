file { '/tmp/m': ensure => file, mode => 644 }
