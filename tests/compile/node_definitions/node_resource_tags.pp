node 'node1.example.com' { file { '/tmp/node': ensure => file } }
