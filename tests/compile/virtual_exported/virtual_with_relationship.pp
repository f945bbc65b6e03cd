@package { 'pkg': }
service { 'svc': require => Package['pkg'] }
realize(Package['pkg'])
