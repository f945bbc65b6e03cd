node 'other.example.com', /^node1\./ { notify { 'matched': } }
node default { notify { 'default': } }
