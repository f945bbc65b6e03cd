notify { 'd': message => "cost: $ 5, price \$10, end$" }
