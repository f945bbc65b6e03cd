define nginx::resource::vhost (
  Enum['present', 'absent'] $ensure = 'present',
  Integer[1, 65535] $port = 80,
  Optional[String] $docroot = undef,
  Array[String] $aliases = [],
  Boolean $ssl = false,
  Hash[String, Hash] $locations = {},
) {
  $server_names = [$name] + $aliases
  $file_ensure = $ensure ? { 'present' => 'file', default => 'absent' }
  $link_ensure = $ensure ? { 'present' => 'link', default => 'absent' }
  file { "${nginx::conf_dir}/sites-available/${name}.conf":
    ensure  => $file_ensure,
    content => epp('nginx/vhost.epp', {
      'server_names' => $server_names,
      'port'         => $port,
      'docroot'      => $docroot,
      'ssl'          => $ssl,
      'locations'    => $locations,
    }),
    require => Class['nginx::config'],
    notify  => Class['nginx::service'],
  }
  file { "${nginx::conf_dir}/sites-enabled/${name}.conf":
    ensure => $link_ensure,
    target => "${nginx::conf_dir}/sites-available/${name}.conf",
  }
  if $docroot and $ensure == 'present' {
    file { $docroot:
      ensure => directory,
      owner  => $nginx::user,
    }
  }
}
