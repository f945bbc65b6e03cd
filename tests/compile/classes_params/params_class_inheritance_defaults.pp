class app::params {
  $port = 8080
  $user = $facts['os']['family'] ? { 'Debian' => 'www-data', default => 'apache' }
  $list = ['a', 'b']
}
class app(
  Integer $port = $app::params::port,
  String $user = $app::params::user,
  Array $list = $app::params::list,
  String $derived = "${port}-${user}",
) inherits app::params {
  notify { 'app': message => [$port, $user, $list, $derived, $app::params::port] }
}
class { 'app': port => 9090 }
