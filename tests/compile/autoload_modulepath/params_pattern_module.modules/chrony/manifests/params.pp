class chrony::params {
  $package_name   = 'chrony'
  $service_name   = 'chrony'
  $service_ensure = 'running'
  $service_enable = true
  $servers        = ['pool.ntp.org']
  case $facts['os']['family'] {
    'Debian': { $config = '/etc/chrony/chrony.conf' }
    'RedHat': { $config = '/etc/chrony.conf' }
    default: { fail("The ${module_name} module is not supported on ${facts['os']['family']}") }
  }
}
