$h = { 'web' => 80, 'db' => 5432 }
$k = 'db'
notify { 'p': message => "port ${h[$k]}" }
