define vhost ($port = 80) { notify { $title: message => $port } }
Vhost { port => 8080 }
vhost { 'a': }
vhost { 'b': port => 9090 }
