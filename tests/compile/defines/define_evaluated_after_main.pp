define maker { file { "/tmp/${title}": ensure => file } }
maker { 'late': }
notify { 'check': message => defined(File['/tmp/late']) }
