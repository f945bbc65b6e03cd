package { 'nginx': ensure => '1.22', provider => 'apt' }
notify { 'v': message => "${Package['nginx']['ensure']} via ${Package['nginx']['provider']}" }
