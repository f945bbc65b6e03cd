# https://collectd.org/wiki/index.php/Plugin:ConnTrack
class collectd::plugin::conntrack (
  Enum[, 'absent'] $ensure = 'present',
) {

  include collectd

  collectd::plugin { 'conntracck:
    ensure => $ensure,
  }
}
