class nginx (
  String $package = 'nginx',
  Enum['running', 'stopped'] $ensure = 'running',
  Integer[1, 65535] $port = 80,
  Boolean $manage_repo = false,
) {
  package { $package: ensure => installed }
  service { 'nginx': ensure => $ensure, require => Package[$package] }
  notify { 'nginx-port': message => "port=${port} repo=${manage_repo}" }
}
class { 'nginx': port => 8080 }
