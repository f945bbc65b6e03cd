$v = 'x'
notify { 'n': message => "line1
  line2 ${v}
line3" }
