user { 'app': ensure => present }
user { 'application': name => 'app' }
