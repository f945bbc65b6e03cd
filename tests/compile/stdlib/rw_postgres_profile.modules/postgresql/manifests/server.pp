class postgresql::server (
  String $version = lookup('postgresql::version'),
  Stdlib::Port $port = lookup('postgresql::port'),
  Hash $config_entries = lookup('postgresql::config_entries'),
  Hash[Postgresql::Dbname, Hash] $databases = lookup('postgresql::databases'),
  Hash $roles = {},
) inherits postgresql::params {
  $confdir = "${postgresql::params::confdir_base}/${version}/main"
  anchor { 'postgresql::server::start': }
  -> class { 'postgresql::server::install': }
  -> class { 'postgresql::server::config': }
  ~> class { 'postgresql::server::service': }
  -> anchor { 'postgresql::server::end': }

  $config_entries.each |$k, $v| {
    postgresql::server::config_entry { $k:
      value   => $v,
      require => Class['postgresql::server::config'],
      notify  => Class['postgresql::server::service'],
    }
  }
  $db_defaults = { 'encoding' => 'UTF8', 'require' => Anchor['postgresql::server::end'] }
  create_resources('postgresql::server::db', $databases, $db_defaults)
  $all_roles = deep_merge({ 'monitoring' => { 'login' => true } }, $roles)
  $all_roles.each |$r, $opts| {
    postgresql::server::role { $r: * => $opts }
  }
}
