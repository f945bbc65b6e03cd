$d = { 'a' => [ { 'b' => 'found' } ] }
notify { 'n': message => [get($d, 'a.0.b'), get($d, 'a.1.b', 'dflt'), $d.dig('a', 0, 'b'), $d.dig('x', 'y')] }
