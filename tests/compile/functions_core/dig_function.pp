$data = { 'a' => { 'b' => [10, 20, { 'c' => 'deep' }] } }
notify { 'dig': message => [$data.dig('a', 'b', 2, 'c'), $data.dig('a', 'x', 'y'), dig($data, 'a', 'b', 0)] }
