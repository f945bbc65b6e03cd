node 'node1.example.com' { notify { 'exact': } }
node 'node1' { notify { 'short': } }
