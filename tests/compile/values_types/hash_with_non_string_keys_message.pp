notify { 'h': message => { 1 => 'a', true => 'b' } }
