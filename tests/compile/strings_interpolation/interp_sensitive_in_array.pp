$s = Sensitive('secret')
notify { 'n': message => "${[$s]} ${s}" }
