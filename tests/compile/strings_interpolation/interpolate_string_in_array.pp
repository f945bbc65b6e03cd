$a = ['it\'s', "q\"uote", 'plain']
notify { 'a': message => "${a}" }
