class nginx::package {
  package { 'nginx':
    ensure => installed,
    name   => $nginx::package_name,
  }
}
