$r = []
$paths = { 'a' => [1, { 'b' => 2 }] }.tree_each.map |$entry| { $entry[0] }
notify { 't': message => $paths }
