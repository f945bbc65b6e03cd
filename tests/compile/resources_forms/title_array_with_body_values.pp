package { ['git', 'make', 'gcc']: ensure => installed }
