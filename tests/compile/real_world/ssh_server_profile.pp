class ssh::server (
  Integer[1, 65535] $port = 22,
  Enum['yes', 'no', 'prohibit-password'] $permit_root_login = 'prohibit-password',
  Boolean $password_authentication = false,
  Array[String] $allow_groups = [],
) {
  $pkg = $facts['os']['family'] ? {
    'Debian' => 'openssh-server',
    default  => 'openssh',
  }
  $svc = $facts['os']['family'] ? { 'Debian' => 'ssh', default => 'sshd' }
  $pw = $password_authentication ? { true => 'yes', false => 'no' }
  $groups = empty($allow_groups) ? {
    true    => '',
    default => "AllowGroups ${allow_groups.join(' ')}\n",
  }
  package { $pkg: ensure => installed }
  -> file { '/etc/ssh/sshd_config':
    ensure  => file,
    owner   => 'root',
    group   => 'root',
    mode    => '0600',
    content => "Port ${port}\nPermitRootLogin ${permit_root_login}\nPasswordAuthentication ${pw}\n${groups}",
  }
  ~> service { $svc: ensure => running, enable => true }
}
class { 'ssh::server': port => 2222, allow_groups => ['admins', 'deploy'] }
