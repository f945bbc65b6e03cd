class web ($port = 80) { notify { 'web': message => $port } }
class { 'web': port => 8000 }
node default { include web }
