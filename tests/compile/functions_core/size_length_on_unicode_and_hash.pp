notify { 'n': message => ['日本語'.length, size({ 'a' => 1, 'b' => 2 }), [[]].length] }
