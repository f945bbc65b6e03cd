node 'node1.example.com' { file { '/n': } }
