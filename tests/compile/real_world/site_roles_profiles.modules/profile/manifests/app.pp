class profile::app (
  String $version,
  String $db_host,
  Integer $port = 8080,
  String $user = 'app',
) {
  $home = "/srv/${user}"
  group { $user: ensure => present }
  -> user { $user: ensure => present, gid => $user, home => $home, managehome => true }
  -> file { [$home, "${home}/releases"]: ensure => directory, owner => $user }
  -> exec { "deploy-${version}":
    command => profile::deploy_command($version, $home),
    creates => "${home}/releases/${version}",
  }
  ~> service { 'app': ensure => running }
  file { "${home}/config.yml":
    content => profile::to_kv({ 'db_host' => $db_host, 'port' => $port, 'version' => $version }),
    owner   => $user,
    notify  => Service['app'],
  }
}
