notify { 'n': message => [type(1), type('s'), type([1, 'a']), type({ 'a' => 1 }), type(undef), type(1.5), type(true), type(/r/), type(Integer), type(default)] }
