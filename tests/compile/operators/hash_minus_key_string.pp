notify { 'h': message => { 'a' => 1, 'b' => 2 } - 'a' }
