class { 'svc': port => 70000 }
