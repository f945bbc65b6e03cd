$name = 'web'
$port = 80
notify { 'forms': message => "$name:$port ${name}s $name-1 $port.0" }
