# https://collectd.org/wiki/index.php/Plugin:FSCache
class collectd::plugin::fscache (
  $ensure = File,
) {

  include collectd

  collectd::plugin { 'fscache'
    ensure => $ensure,
  }
}
