class sudo (Boolean $purge = true) {
  package { 'sudo': ensure => installed }
  file { '/etc/sudoers.d':
    ensure  => directory,
    mode    => '0750',
    recurse => $purge,
    purge   => $purge,
    require => Package['sudo'],
  }
}
define sudo::rule (
  Variant[String, Array[String]] $users,
  String $commands = 'ALL',
  Boolean $nopasswd = false,
  Integer[0, 99] $priority = 50,
) {
  include sudo
  $who = $users ? { Array => $users.reduce |$a, $b| { "${a}, ${b}" }, default => $users }
  $tag = $nopasswd ? { true => 'NOPASSWD: ', false => '' }
  $fname = regsubst_free_name($title)
  file { "/etc/sudoers.d/${priority}_${title}":
    ensure  => file,
    mode    => '0440',
    content => "${who} ALL=(ALL) ${tag}${commands}\n",
  }
}
function regsubst_free_name(String $s) >> String { $s }
sudo::rule { 'admins': users => ['alice', 'bob'], nopasswd => true }
sudo::rule { 'deploy': users => 'deploy', commands => '/usr/bin/systemctl restart app', priority => 10 }
