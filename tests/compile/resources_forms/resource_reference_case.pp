file { '/tmp/Case': ensure => file }
notify { 'r': require => File['/tmp/Case'] }
