class profile::base (
  Array[String] $packages = ['curl', 'less', 'tmux'],
  String $timezone = 'UTC',
) {
  package { $packages: ensure => installed }
  file { '/etc/timezone': content => "${timezone}\n" }
  ~> exec { 'reconfigure-tzdata':
    command     => '/usr/sbin/dpkg-reconfigure -f noninteractive tzdata',
    refreshonly => true,
  }
  profile::base::sysctl { 'vm.swappiness': value => 10 }
  profile::base::sysctl { 'net.core.somaxconn': value => 1024 }
}
