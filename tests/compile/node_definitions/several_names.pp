node 'web1.example.com', 'node1.example.com', 'db1.example.com' { notify { 'listed': } }
node default { notify { 'default': } }
