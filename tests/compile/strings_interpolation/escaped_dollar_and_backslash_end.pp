notify { 'n': message => ["\$notvar", 'single \\ end', "dq \\"] }
