class net (
  Stdlib::Fqdn $fqdn = $facts['networking']['fqdn'],
  Stdlib::IP::Address::V4 $ip = $facts['networking']['ip'],
  Array[Stdlib::Host] $nameservers = ['10.0.0.2', 'ns2.example.com'],
  Stdlib::Filemode $mode = '0644',
  Stdlib::Ensure::Service $service_ensure = 'running',
  Stdlib::HTTPUrl $mirror = 'http://deb.debian.org/debian',
  Stdlib::Email $admin = 'root@example.com',
  Stdlib::Datasize $cache = '512M',
  Hash[String, Stdlib::IP::Address] $hosts = {},
  Stdlib::Yes_no $ipv6 = 'no',
  Stdlib::Syslogfacility $facility = 'local3',
  Stdlib::MAC $mac = $facts['macaddress'],
  Stdlib::Unixpath $conf = '/etc/net.conf',
) {
  file { $conf:
    mode    => $mode,
    content => to_yaml({ 'fqdn' => $fqdn, 'ip' => $ip, 'ns' => $nameservers, 'mirror' => $mirror, 'admin' => $admin, 'cache' => $cache, 'ipv6' => $ipv6, 'facility' => $facility, 'mac' => $mac }),
  }
  $hosts.each |$h, $addr| {
    $kind = $addr ? {
      Stdlib::IP::Address::V6 => 'v6',
      Stdlib::IP::Address::V4::CIDR => 'v4cidr',
      Stdlib::IP::Address::V4 => 'v4',
      default => 'other',
    }
    file { "/etc/hosts.d/${h}": content => "${addr} ${h} # ${kind}\n" }
  }
  service { 'networking': ensure => $service_ensure }
  $checks = {
    'port'  => 8080 =~ Stdlib::Port,
    'priv'  => 80 =~ Stdlib::Port::Privileged,
    'abs'   => 'C:\\Windows' =~ Stdlib::Absolutepath,
    'rel'   => 'etc/x' =~ Stdlib::Absolutepath,
    'https' => 'https://x.example.com/a' =~ Stdlib::HTTPSUrl,
    'b64'   => 'aGVsbG8=' =~ Stdlib::Base64,
    'src'   => 'puppet:///modules/net/x' =~ Stdlib::Filesource,
  }
  notify { 'checks': message => $checks }
}
