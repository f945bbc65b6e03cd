class app::params { $port = 8080 $user = 'app' }
class app ($port = $app::params::port, $user = $app::params::user) inherits app::params {
  notify { 'n': message => "${user}:${port}" }
}
class { 'app': port => 9090 }
