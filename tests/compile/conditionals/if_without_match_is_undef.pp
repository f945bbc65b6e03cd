$v = if false { 'x' }
notify { 'v': message => "[${v}]" }
