$secret = Sensitive('hunter2')
notify { 'plain': message => $secret.unwrap }
