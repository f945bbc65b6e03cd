define d ($p = 'v') { }
d { 'x': }
notify { 'n': message => "[${d::p}]" }
