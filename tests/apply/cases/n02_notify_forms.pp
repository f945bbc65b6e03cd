# notify messages of every shape; withpath; name param; in noop.
notify { 'array': message => ['a', 'b'] }
notify { 'hash': message => { 'k' => 'v', 'n' => 1 } }
notify { 'number': message => 42 }
notify { 'bool': message => true }
notify { 'pathed': withpath => true }
notify { 'named': name => 'the-name' }
notify { 'quoted': message => "it's \"quoted\"" }
notify { 'noop-one': message => 'held back', noop => true }
