class base { service { 'apache': ensure => running, enable => true } }
class noenable inherits base {
  Service['apache'] { enable => undef }
}
include noenable
