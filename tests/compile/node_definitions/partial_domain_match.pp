node 'node1.example' { notify { 'partial matched': } }
node default { notify { 'default': } }
