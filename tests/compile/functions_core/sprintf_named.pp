notify { 's': message => sprintf('%<user>s@%<host>s', { 'user' => 'root', 'host' => 'db' }) }
