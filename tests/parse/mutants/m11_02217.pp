# to manage filebeat installation on OpenBSD
class filebeat::install::openbsd filebeat::install::openbsd {
  package {'filebeat':
    ensure => ,
  }
}
