# Provider selection: on a host whose PID 1 is not systemd (a chroot, a
# container), Debian's default service provider is `debian` (init scripts);
# systemd named explicitly is not functional, and fails after the rest.
$sb = $facts['sandbox']
service { 'kuppet-s01a':
  ensure     => running,
  path       => "${sb}/init.d",
  status     => "/bin/sh -c 'test -f ${sb}/run/s01a'",
  hasrestart => true,
}
file { "${sb}/conf":
  content => "v1\n",
  notify  => Service['kuppet-s01b'],
}
service { 'kuppet-s01b':
  ensure => running,
  path   => ["${sb}/nowhere", "${sb}/init.d"],
  status => "/bin/sh -c 'test -f ${sb}/run/s01b'",
}
service { 'kuppet-s01c':
  ensure   => stopped,
  provider => debian,
  path     => "${sb}/init.d",
  status   => "/bin/sh -c 'test -f ${sb}/run/s01c'",
}
service { 'kuppet-s01d':
  ensure   => running,
  provider => systemd,
}
notify { 'after systemd':
  require => Service['kuppet-s01d'],
}
service { 'kuppet-s01e':
  ensure => running,
  path   => "${sb}/init.d",
  status => '/bin/false',
}
service { 'kuppet-s01f':
  ensure => running,
  path   => "${sb}/init.d",
  status => "/bin/sh -c 'test -f ${sb}/run/s01f'",
}
notify { 'last': }
