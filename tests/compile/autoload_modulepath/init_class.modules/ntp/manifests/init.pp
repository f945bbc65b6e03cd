class ntp (Array[String] $servers = ['0.debian.pool.ntp.org']) {
  package { 'ntp': ensure => installed }
  file { '/etc/ntp.conf': content => "${servers}\n", require => Package['ntp'] }
}
