notify { 'n': message => { 'a' => 1 } + ['k'] }
