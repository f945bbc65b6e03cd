# == Class: etcd
#
class _xetcd::install {
  if $::etcd::manage_package {
    package { $::etcd::package_name: ensure => $::etcd::ensure, }
  }
}
