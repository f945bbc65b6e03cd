package { 'pkg': }
service { 'svc': require => 'Package[pkg]' }
