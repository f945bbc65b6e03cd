notify { 'x': message => generate('/bin/../bin/echo') }
