class { 'webapp::server': port => 70000 }
