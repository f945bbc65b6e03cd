notify { 'os': message => "${facts['os']['release']}" }
