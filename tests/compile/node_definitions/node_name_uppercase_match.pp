node 'NODE1.EXAMPLE.COM' { notify { 'upper': } }
node default { notify { 'default': } }
