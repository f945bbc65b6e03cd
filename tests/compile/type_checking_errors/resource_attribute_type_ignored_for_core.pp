file { '/tmp/m': mode => 644, owner => 0 }
