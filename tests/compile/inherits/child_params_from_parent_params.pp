class pkg::params { $version = '1.2.3' }
class pkg ($version = $pkg::params::version) inherits pkg::params {
  package { 'tool': ensure => $version }
}
include pkg
