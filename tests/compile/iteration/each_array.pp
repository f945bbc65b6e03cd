['nginx', 'redis', 'postgresql'].each |$pkg| {
  package { $pkg: ensure => installed }
}
