class memcached (
  Enum['present', 'absent', 'latest'] $package_ensure = 'present',
  Integer $max_memory = 64,
  Integer $tcp_port = 11211,
  String $listen_ip = '127.0.0.1',
  String $user = 'memcache',
  Integer $max_connections = 1024,
  Boolean $service_manage = true,
) {
  $config = "-m ${max_memory}\n-p ${tcp_port}\n-u ${user}\n-l ${listen_ip}\n-c ${max_connections}\n"
  package { 'memcached': ensure => $package_ensure }
  file { '/etc/memcached.conf':
    owner   => 'root',
    group   => 'root',
    mode    => '0644',
    content => $config,
    require => Package['memcached'],
  }
  if $service_manage {
    service { 'memcached':
      ensure    => running,
      enable    => true,
      hasstatus => false,
      subscribe => [Package['memcached'], File['/etc/memcached.conf']],
    }
  }
}
class { 'memcached': max_memory => 512, listen_ip => $facts['networking']['ip'] }
