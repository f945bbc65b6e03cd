notify { 'n': message => ['$x ${y}', "cost: \$5", "100%", "a$", "$ b"] }
