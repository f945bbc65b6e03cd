node default { notify { 'd': } }
node /example/ { notify { 'regex': } }
