node default { notify { 'default': } }
node /example\.com$/ { notify { 'regex': } }
