class s (
  Struct[{ host => String, port => Integer, Optional[tls] => Boolean }] $endpoint,
) { notify { 's': message => $endpoint } }
class { 's': endpoint => { 'host' => 'db', 'port' => 5432 } }
