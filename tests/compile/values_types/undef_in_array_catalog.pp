notify { 'n': message => [undef, 1, [undef]], withpath => false }
notify { 'h': message => { 'a' => undef, 'b' => [undef] } }
