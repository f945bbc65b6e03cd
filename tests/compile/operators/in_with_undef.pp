notify { 'x': message => undef in [undef, 1] }
