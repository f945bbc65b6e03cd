class { 'webapp::server': port => 8080 }
