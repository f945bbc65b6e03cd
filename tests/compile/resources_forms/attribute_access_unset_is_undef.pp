package { 'nginx': ensure => installed }
notify { 'v': message => "[${Package['nginx']['provider']}]" }
