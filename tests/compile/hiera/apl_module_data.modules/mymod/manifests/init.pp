class mymod (
  Array[String] $servers,
  String $package_name,
  Boolean $service_enable,
  Hash $options,
  String $config_dir = '/etc/default',
  String $undef_with_default = 'kept',
  Optional[String] $undef_without_default,
  String $not_in_data = 'from default',
) {
  package { $package_name: ensure => installed }
  file { "${config_dir}/mymod.conf":
    content => "servers=${join($servers, ',')} options=${options} undef=${undef_without_default}\n",
  }
  service { 'mymod': enable => $service_enable }
  notify { "${undef_with_default} ${not_in_data}": }
}
