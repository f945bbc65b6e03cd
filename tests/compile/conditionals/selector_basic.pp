$pkg = $facts['os']['family'] ? {
  'RedHat' => 'openssh-server',
  'Debian' => 'ssh',
  default  => 'openssh',
}
package { $pkg: ensure => installed }
