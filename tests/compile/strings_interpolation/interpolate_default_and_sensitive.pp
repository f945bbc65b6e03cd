$s = Sensitive('x')
notify { 's': message => "${s}" }
