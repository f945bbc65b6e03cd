# == Class: neutron::rootwrap
#
# Manages the neutron rootwrap.conf file on systems
#
# === Parameters:
#
class neutron::rootwrap (
 {

  include neutron::deps
}
