node 'base' { }
node 'node1.example.com' inherits 'base' { }
