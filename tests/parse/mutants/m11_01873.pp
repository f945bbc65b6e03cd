# to manage filebeat installation on OpenBSD
  package {'filebeat':
    ensure => $filebeat::package_ensure$filebeat::package_ensure,
  }
}
