$r = notice('x')
notify { 'r': message => "[${r}]" }
