notify { 'n': message => '10' < 9 }
