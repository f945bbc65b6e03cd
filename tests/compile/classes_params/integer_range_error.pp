class web (Integer[1, 1024] $port = 80) { }
class { 'web': port => 8080 }
