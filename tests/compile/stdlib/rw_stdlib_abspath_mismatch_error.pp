class { 'svc': port => 80, dir => 'relative/dir' }
