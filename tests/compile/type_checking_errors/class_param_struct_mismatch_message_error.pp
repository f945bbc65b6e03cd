class c (Struct[{ name => String, port => Integer }] $cfg) { }
class { 'c': cfg => { 'name' => 'a', 'port' => '80' } }
