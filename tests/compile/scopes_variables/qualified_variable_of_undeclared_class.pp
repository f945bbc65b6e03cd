notify { 'x': message => "[${nosuch::var}]" }
