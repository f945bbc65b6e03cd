class base {
  package { 'a': }
  package { 'b': }
  service { 'app': require => Package['a'] }
}
class more inherits base {
  Service['app'] { require +> Package['b'] }
}
include more
