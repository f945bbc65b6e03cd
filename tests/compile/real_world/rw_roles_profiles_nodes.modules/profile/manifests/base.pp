class profile::base (
  Hash $admins,
  Array[String] $packages,
  String $motd,
  Boolean $is_vm = false,
) {
  $all_admins = lookup('profile::base::admins', Hash, 'deep', {})
  $all_packages = lookup('profile::base::packages', { 'merge' => 'unique' })
  package { $all_packages: ensure => installed }
  $all_admins.each |$u, $cfg| {
    users::account { $u: * => $cfg }
  }
  class { 'sshd':
    permit_root => false,
    allow_users => keys($all_admins).sort,
  }
  file { '/etc/motd':
    content => "${motd}\n${facts['os']['name']} ${facts['os']['release']['full']} vm=${is_vm}\n",
  }
  if $is_vm {
    service { 'qemu-guest-agent': ensure => running }
  }
}
