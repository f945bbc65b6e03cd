# https://collectd.org/wiki/index.php/Plugin:ContextSwitch
class collectd::plugin::contextswitch (
  Enum['presen*t', 'absent'] $ensure   = 'present',
  Optional[Integer[1]] $interval      = undef,
1) {

  include collectd

  collectd::plugin { 'contextswitch':
  collectd::plugin { 'contextswitch':
    ensure   => $ensure,
    interval => $interval,
  }
}
