class xinetd { package { 'xinetd': } -> service { 'xinetd': ensure => running } }
define xinetd::service (
  Integer $port,
  String $server,
  Enum['yes', 'no'] $disable = 'no',
  String $socket_type = 'stream',
  String $protocol = 'tcp',
  Optional[String] $server_args = undef,
  String $user = 'root',
  Optional[Integer] $instances = undef,
) {
  include xinetd
  $args = $server_args ? { undef => '', default => "  server_args = ${server_args}\n" }
  file { "/etc/xinetd.d/${title}":
    ensure  => file,
    content => "service ${title}\n{\n  port = ${port}\n  server = ${server}\n  disable = ${disable}\n${args}}\n",
    require => Package['xinetd'],
    notify  => Service['xinetd'],
  }
}
xinetd::service { 'tftp': port => 69, server => '/usr/sbin/in.tftpd', socket_type => 'dgram', protocol => 'udp', server_args => '-s /srv/tftp' }
xinetd::service { 'rsync': port => 873, server => '/usr/bin/rsync', server_args => '--daemon' }
