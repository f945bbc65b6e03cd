define sysctl::value (Variant[String, Integer] $value, String $target = '/etc/sysctl.d/99-puppet.conf') {
  $key = $title
  exec { "sysctl-${key}":
    command => "/sbin/sysctl -w ${key}=${value}",
    unless  => "/sbin/sysctl -n ${key} | grep -qx '${value}'",
  }
}
class sysctl::values (Hash $args, Hash $defaults = {}) {
  $args.each |$k, $v| {
    sysctl::value { $k: * => $defaults + $v }
  }
}
class { 'sysctl::values':
  args => {
    'net.ipv4.ip_forward' => { 'value' => 1 },
    'vm.swappiness'       => { 'value' => '10' },
  },
}
