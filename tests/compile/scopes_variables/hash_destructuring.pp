[$host, $port] = { 'host' => 'db.local', 'port' => 5432, 'user' => 'x' }
notify { 'd': message => "${host}:${port}" }
