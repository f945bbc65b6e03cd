$data = { 'users' => [{ 'name' => 'alice' }, { 'name' => 'bob' }] }
notify { 'n': message => "second: ${data['users'][1]['name']}" }
