class packages::virtual {
  @package { 'nginx': ensure => installed, tag => ['web'] }
  @package { 'haproxy': ensure => installed, tag => ['lb'] }
  @package { 'postgresql': ensure => installed, tag => ['db'] }
  @package { 'prometheus-node-exporter': ensure => installed, tag => ['web', 'db', 'lb'] }
}
class roles::web {
  include packages::virtual
  Package <| tag == 'web' |> -> Service['nginx']
  service { 'nginx': ensure => running }
}
include roles::web
