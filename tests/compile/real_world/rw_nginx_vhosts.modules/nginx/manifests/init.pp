class nginx (
  String $package_name = $nginx::params::package_name,
  String $conf_dir = $nginx::params::conf_dir,
  String $user = $nginx::params::user,
  Variant[Integer, Enum['auto']] $worker_processes = 1,
  Hash[String, Hash] $vhosts = {},
) inherits nginx::params {
  contain nginx::package
  contain nginx::config
  contain nginx::service
  Class['nginx::package'] -> Class['nginx::config'] ~> Class['nginx::service']

  $vhosts.each |String $name, Hash $opts| {
    nginx::resource::vhost { $name:
      * => $opts,
    }
  }
}
