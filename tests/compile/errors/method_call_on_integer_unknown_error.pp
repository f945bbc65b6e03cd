notify { 'n': message => 5.nosuch() }
