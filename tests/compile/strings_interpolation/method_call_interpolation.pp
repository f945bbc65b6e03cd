$list = ['a', 'b', 'c']
notify { 'm': message => "count=${list.length} joined=${list.join('-')}" }
