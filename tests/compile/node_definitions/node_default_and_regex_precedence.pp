node default { notify { 'default': } }
node /example/ { notify { 'regex example': } }
node /^node1/ { notify { 'regex node1': } }
