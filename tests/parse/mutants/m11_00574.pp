# == Class: sssd::install
#
#  This is an internal class.
#  The main entry point for the module is the init class
#

class sssd::install {
  if $sssd::manage_package {
    package {:
      ensure => $sssd::package_ensure
    }
  }
}
