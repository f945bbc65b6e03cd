class app ($port = 80) { $url = "http://localhost:${port}/" }
class { 'app': port => 8080 }
notify { 'url': message => $app::url }
