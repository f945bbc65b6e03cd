$v = 'x'
notify { 'e': message => "literal \${v} and real ${v}" }
