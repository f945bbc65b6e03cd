$ports = [80, 443]
notify { 'p': message => "first ${ports[0]} $ports[1]" }
