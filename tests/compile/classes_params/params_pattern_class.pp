class ssh::params {
  case $facts['os']['family'] {
    'Debian': { $server_package = 'openssh-server' $service_name = 'ssh' }
    'RedHat': { $server_package = 'openssh-server' $service_name = 'sshd' }
    default: { fail("unsupported ${facts['os']['family']}") }
  }
}
class ssh (
  String $server_package = $ssh::params::server_package,
  String $service_name = $ssh::params::service_name,
) inherits ssh::params {
  package { $server_package: ensure => installed }
  -> service { $service_name: ensure => running, enable => true }
}
include ssh
