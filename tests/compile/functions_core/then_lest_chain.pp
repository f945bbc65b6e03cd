$h = { 'a' => { 'b' => 1 } }
notify { 'n': message => [$h.dig('a', 'b').then |$x| { $x + 1 }, $h.dig('a', 'c').lest || { 'none' }, $h['z'].then |$x| { 'never' }] }
