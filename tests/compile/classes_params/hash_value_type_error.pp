class h (Hash[String, Integer] $limits) { }
class { 'h': limits => { 'nofile' => 'many' } }
