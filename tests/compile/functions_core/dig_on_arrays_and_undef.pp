$d = { 'a' => [10, { 'b' => 'found' }] }
notify { 'n': message => [$d.dig('a', 1, 'b'), $d.dig('a', 5), $d.dig('x', 'y', 'z'), dig($d, 'a', 0)] }
