define cluster::member ($ip) { notify { "member ${title}": message => $ip } }
@@cluster::member { 'node1': ip => '10.0.0.11' }
Cluster::Member <<| |>>
