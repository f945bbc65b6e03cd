$mem_gb = $facts['memory']['system']['total_bytes'] / (1024 * 1024 * 1024)
$size = $mem_gb ? {
  Integer[0, 4]   => 'small',
  Integer[5, 16]  => 'medium',
  Integer[17, 64] => 'large',
  default         => 'huge',
}
$repo_codename = $facts['os']['release']['major'] ? {
  '10'    => 'buster',
  '11'    => 'bullseye',
  '12'    => 'bookworm',
  default => fail('unknown release'),
}
$tz_file = "/usr/share/zoneinfo/${facts['timezone']}"
case $facts['networking']['fqdn'] {
  /^(\w+)\.(.+)$/: {
    $short = $1
    $dom = $2
  }
  default: { $short = 'x' $dom = 'y' }
}
$role = $short ? {
  /^web/  => 'web',
  /^db/   => 'db',
  /^node(\d+)$/ => "generic-${1}",
  default => 'unknown',
}
$jvm_heap = Integer($facts['memorysize_mb'] * 0.5)
$workers = max($facts['processors']['count'] * 2, 4)
class sizing (String $size, Integer $heap, Integer $workers) {
  file { '/etc/sizing.conf':
    content => @("CONF"/L)
      size=${size}
      heap=${heap}m
      workers=${workers}
      virtual=${facts['is_virtual']} (${facts['virtual']})
      kernel=${facts['kernelrelease']} ${facts['kernel'].downcase}
      | CONF
  }
}
class { 'sizing':
  size    => $size,
  heap    => $jvm_heap,
  workers => $workers,
}
file { '/etc/localtime':
  ensure => link,
  target => $tz_file,
}
file { '/etc/apt/sources.list.d/main.list':
  content => "deb http://deb.debian.org/debian ${repo_codename} main\ndeb http://security.debian.org/debian-security ${repo_codename}-security main\n",
}
notify { "role=${role} short=${short} dom=${dom} size=${size} mem=${mem_gb}": }
if $facts['os']['family'] == 'Debian' and versioncmp($facts['os']['release']['full'], '12.0') >= 0 {
  package { 'systemd-timesyncd': ensure => installed }
} elsif $facts['os']['family'] in ['RedHat', 'Suse'] {
  package { 'chrony': ensure => installed }
} else {
  package { 'ntpdate': ensure => installed }
}
unless $facts['is_virtual'] {
  package { 'smartmontools': ensure => installed }
}
$facts.filter |$k, $v| { $k =~ /^(os|kernel)/ and $v =~ String }.each |$k, $v| {
  notify { "fact ${k}": message => $v }
}
