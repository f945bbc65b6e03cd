node 'node1.example.com', 'other-host' { notify { 'n': } }
