$secret = Sensitive('hunter2')
notify { 'secret': message => $secret }
