class c { notify { 'c': message => $name } }
node default { notify { 'n': message => $name } include c }
