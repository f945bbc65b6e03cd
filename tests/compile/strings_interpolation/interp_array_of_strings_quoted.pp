$a = ['x', 1, true, undef, 2.5]
notify { 'n': message => "a=${a}" }
