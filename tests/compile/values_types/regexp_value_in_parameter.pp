notify { 'regexp': message => /^web\d+$/ }
