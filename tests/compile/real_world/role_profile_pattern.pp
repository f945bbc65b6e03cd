class profile::base {
  package { ['curl', 'vim', 'htop']: ensure => installed }
  file { '/etc/motd': content => "Managed by kuppet on ${trusted['certname']}\n" }
}
class profile::nginx (Integer $workers = $facts['processors']['count']) {
  package { 'nginx': ensure => installed }
  -> file { '/etc/nginx/nginx.conf': content => "worker_processes ${workers};\n" }
  ~> service { 'nginx': ensure => running, enable => true }
}
class profile::app (String $version = '1.4.2') {
  require profile::nginx
  file { '/srv/app': ensure => directory }
  -> exec { "deploy-app-${version}": command => "/usr/local/bin/deploy ${version}", creates => "/srv/app/${version}" }
}
class role::webserver {
  contain profile::base
  contain profile::nginx
  contain profile::app
  Class['profile::base'] -> Class['profile::nginx']
}
node /^node\d+\.example\.com$/ { include role::webserver }
node default { }
