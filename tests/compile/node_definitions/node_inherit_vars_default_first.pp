$top = 'top'
node 'node1.example.com' { notify { 'n': message => $top } }
node default { notify { 'd': } }
