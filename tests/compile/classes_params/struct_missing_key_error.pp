class s (Struct[{ host => String, port => Integer }] $endpoint) { }
class { 's': endpoint => { 'host' => 'db' } }
