node node1 { notify { 'bare': } }
node default { notify { 'default': } }
