notify { 'n': message => "${undefined_var.upcase}" }
