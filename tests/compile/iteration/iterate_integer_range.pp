Integer[1, 3].each |$i| {
  file { "/srv/disk${i}": ensure => directory }
}
