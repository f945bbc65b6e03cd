class nginx::params {
  case $facts['os']['family'] {
    'Debian': {
      $package_name = 'nginx-full'
      $conf_dir     = '/etc/nginx'
      $user         = 'www-data'
    }
    'RedHat': {
      $package_name = 'nginx'
      $conf_dir     = '/etc/nginx'
      $user         = 'nginx'
    }
    default: { fail("unsupported ${facts['os']['family']}") }
  }
  $log_dir = '/var/log/nginx'
}
