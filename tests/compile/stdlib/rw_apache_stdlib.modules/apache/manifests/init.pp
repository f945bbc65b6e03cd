class apache (
  String $apache_name,
  Stdlib::Absolutepath $conf_dir,
  String $user,
  Array[String] $default_mods,
  Enum['Prod', 'Full', 'OS'] $server_tokens,
  String $keepalive,
  String $log_level,
  Hash $vhosts = {},
  Hash $vhost_defaults = {},
  Array[String] $extra_mods = [],
) {
  $mods = unique(concat($default_mods, $extra_mods)).sort
  ensure_packages([$apache_name, 'ssl-cert'], { 'ensure' => 'installed' })
  class { 'apache::config': }
  contain apache::config
  contain apache::service
  Package[$apache_name] -> Class['apache::config'] ~> Class['apache::service']
  $mods.each |$m| {
    apache::mod { $m: }
  }
  create_resources('apache::vhost', $vhosts, merge({ 'port' => 80 }, $vhost_defaults))
}
