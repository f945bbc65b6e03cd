$h = { 'list' => [1, [2, 3]], 'map' => { 'k' => 'v', 'n' => undef } }
notify { 'h': message => "${h}" }
