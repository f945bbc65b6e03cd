notify { 'a': }
notify { 'n': message => Notify['a'].type }
