class haproxy (
  Hash $global_options = {
    'log'     => ['127.0.0.1 local0', '127.0.0.1 local1 notice'],
    'maxconn' => 4000,
    'user'    => 'haproxy',
    'daemon'  => '',
  },
  Hash $defaults_options = { 'mode' => 'http', 'timeout' => ['connect 5s', 'client 30s', 'server 30s'], 'retries' => 3 },
  Boolean $manage_service = true,
) {
  $config_file = '/etc/haproxy/haproxy.cfg'
  package { 'haproxy': ensure => present }
  -> file { $config_file: content => template("haproxy/haproxy.cfg.erb") }
  if $manage_service {
    service { 'haproxy':
      ensure    => running,
      subscribe => File[$config_file],
    }
  }
}
