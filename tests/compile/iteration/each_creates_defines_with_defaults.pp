define vhost ($port) { notify { "vhost ${title}": message => $port } }
Vhost { port => 80 }
['a.example', 'b.example'].each |$v| { vhost { $v: } }
