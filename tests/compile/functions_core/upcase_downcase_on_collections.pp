notify { 'n': message => [upcase(['a', 'b']), downcase({ 'A' => 'B' }), capitalize(['ab', 'cd']), 'ABC'.downcase] }
