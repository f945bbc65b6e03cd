define account (
  Integer $uid,
  Array[String] $groups = [],
  Array[String] $ssh_keys = [],
  Enum['present', 'absent'] $ensure = 'present',
  String $shell = '/bin/bash',
) {
  $home = "/home/${title}"
  user { $title:
    ensure     => $ensure,
    uid        => $uid,
    gid        => $title,
    groups     => $groups,
    shell      => $shell,
    home       => $home,
    managehome => true,
    require    => Group[$title],
  }
  group { $title: ensure => $ensure, gid => $uid }
  if $ensure == 'present' {
    file { ["${home}/.ssh"]:
      ensure  => directory,
      owner   => $title,
      mode    => '0700',
      require => User[$title],
    }
    file { "${home}/.ssh/authorized_keys":
      ensure  => file,
      owner   => $title,
      mode    => '0600',
      content => $ssh_keys.reduce('') |$a, $k| { "${a}${k}\n" },
    }
  }
}
account { 'alice': uid => 3001, groups => ['sudo'], ssh_keys => ['ssh-ed25519 AAAA alice@laptop'] }
account { 'mallory': uid => 3666, ensure => 'absent' }
