@@file { '/etc/exported': ensure => file, tag => 'export' }
notify { 'x': }
