notify { 'n': message => sprintf('%<a>s-%<b>05d', { 'a' => 'x', 'b' => 42 }) }
