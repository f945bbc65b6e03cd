define sysctl::value (
  Variant[String, Integer] $value,
  String $target = '/etc/sysctl.d/99-puppet.conf',
  Optional[String] $comment = undef,
) {
  $key = regsubst($title, '/', '.', 'G')
  exec { "sysctl-${key}":
    command => "/sbin/sysctl -w ${key}=${value}",
    unless  => "/usr/bin/test \"$(/sbin/sysctl -n ${key})\" = \"${value}\"",
  }
  file { "/etc/sysctl.d/${key}.conf":
    content => template('sysctl/value.erb'),
    before  => Exec["sysctl-${key}"],
  }
}
