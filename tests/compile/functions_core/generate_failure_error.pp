notify { 'x': message => generate('/bin/false') }
