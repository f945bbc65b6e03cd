$data = { 'a' => { 'b' => [1, 2] } }
notify { 'g': message => [$data.get('a.b.1'), get($data, 'a.x', 'dflt')] }
