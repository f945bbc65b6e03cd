$h = { 'a b' => 1 }
notify { 'q': message => "value ${h['a b']} and ${h["a b"]}" }
