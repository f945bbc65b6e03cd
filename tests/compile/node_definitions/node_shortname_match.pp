node 'node1' { notify { 'short': } }
node default { notify { 'default': } }
