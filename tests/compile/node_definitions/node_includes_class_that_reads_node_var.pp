class c { notify { 'n': message => "[${nodevar}]" } }
node default { $nodevar = 'nv' include c }
