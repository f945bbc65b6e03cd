define haproxy::listen (
  Variant[String, Array[String]] $ipaddress = $facts['networking']['ip'],
  Variant[Integer, Array[Integer]] $ports = 80,
  Hash $options = {},
  Array[Hash] $members = [],
  Enum['roundrobin', 'leastconn', 'source'] $balance = 'roundrobin',
  Optional[String] $comment = undef,
) {
  $bind = flatten([$ipaddress]).map |$ip| { flatten([$ports]).map |$p| { "${ip}:${p}" } }.flatten
  file { "/etc/haproxy/conf.d/20-${name}.cfg":
    content => template('haproxy/listen.erb'),
    notify  => Service['haproxy'],
  }
}
