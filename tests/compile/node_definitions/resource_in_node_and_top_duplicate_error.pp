notify { 'x': }
node default { notify { 'x': } }
