node /^NODE1/ { notify { 'upper regex': } }
node default { notify { 'default': } }
