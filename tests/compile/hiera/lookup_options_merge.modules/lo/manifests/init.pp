class lo (
  Array $packages,
  Hash $users,
  Hash $settings,
  Sensitive[String] $password,
  Integer $port,
) {
  package { $packages: ensure => installed }
  $users.each |$u, $attrs| { user { $u: * => $attrs } }
  notify { 'settings': message => String($settings) }
  notify { 'password': message => $password.unwrap.length }
  notify { 'port': message => $port }
}
