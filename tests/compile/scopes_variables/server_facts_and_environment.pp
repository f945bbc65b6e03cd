notify { 'env': message => "[${environment}] [${clientcert}] [${settings::environment}]" }
