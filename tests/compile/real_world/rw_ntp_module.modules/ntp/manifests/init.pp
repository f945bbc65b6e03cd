class ntp (
  Array[String[1]] $servers,
  String $service_name,
  String $package_ensure,
  Array[String] $restrict,
  String $driftfile = '/tmp/x',
  Boolean $service_enable = true,
  Enum['running', 'stopped'] $service_ensure = 'running',
  Optional[String] $preferred = undef,
) {
  contain ntp::install
  contain ntp::config
  contain ntp::service

  Class['ntp::install']
  -> Class['ntp::config']
  ~> Class['ntp::service']
}
