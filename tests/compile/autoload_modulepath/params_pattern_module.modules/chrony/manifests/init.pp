class chrony (
  $package_name   = $chrony::params::package_name,
  $service_name   = $chrony::params::service_name,
  $service_ensure = $chrony::params::service_ensure,
  $service_enable = $chrony::params::service_enable,
  Array $servers  = $chrony::params::servers,
  $config         = $chrony::params::config,
) inherits chrony::params {
  contain '::chrony::install'
  contain '::chrony::config'
  contain '::chrony::service'

  Class['::chrony::install'] -> Class['::chrony::config']
  ~> Class['::chrony::service']
}
