service { 'web': name => 'nginx' }
service { 'nginx': ensure => running }
