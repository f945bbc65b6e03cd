class declarer {
  Package { ensure => '1.0' }
  @package { 'vpkg': }
}
class realizer {
  Package { ensure => '2.0' }
  realize(Package['vpkg'])
}
include declarer
include realizer
