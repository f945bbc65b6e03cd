class chrony::install {
  package { 'chrony':
    ensure => 'present',
    name   => $chrony::package_name,
  }
}
