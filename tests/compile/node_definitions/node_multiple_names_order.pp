node 'other.example.com', /node1/ { notify { 'regex or list': } }
node 'node1.example.com' { notify { 'exact': } }
