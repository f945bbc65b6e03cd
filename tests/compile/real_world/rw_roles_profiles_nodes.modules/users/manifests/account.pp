define users::account (
  Integer $uid,
  Enum['present', 'absent'] $ensure = 'present',
  String $shell = '/bin/bash',
  Array[String] $groups = [],
  Array[String] $keys = [],
) {
  user { $title:
    ensure     => $ensure,
    uid        => $uid,
    gid        => $uid,
    shell      => $shell,
    groups     => $groups,
    managehome => true,
    home       => "/home/${title}",
  }
  group { $title:
    ensure => $ensure,
    gid    => $uid,
    before => User[$title],
  }
  $keys.each |$i, $k| {
    $parts = $k.split(' ')
    file { "/home/${title}/.ssh/key-${i}.pub":
      ensure  => $ensure ? { 'absent' => 'absent', default => 'file' },
      owner   => $title,
      content => "${parts[0]} ${parts[1]} ${title}-${i}\n",
    }
  }
}
