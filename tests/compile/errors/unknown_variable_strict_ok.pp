notify { 'n': message => "${undefined_var}x" }
