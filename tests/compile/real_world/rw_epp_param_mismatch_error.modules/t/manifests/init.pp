class t {
  $cfg = { 'port' => '8080', 'host' => 'localhost' }
  file { '/etc/t': content => epp('t/x.epp', $cfg) }
}
