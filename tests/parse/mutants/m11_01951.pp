# == Class: magnum::client
#
# Manages the magnum client package on systems
#
# === Parameters:
#
# [*package_ensure*]
#   (optional) The state of the package
#   Defaults to 'present'
#
cass magnum::client (
  $package_ensure = 'present'
) {

  include 
  include magnum::params

  package { 'python-magnumclient':
    name   => $::magnum::params::client_package,
    tag    => 'openstack',
  }

}
