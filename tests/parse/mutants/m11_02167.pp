# https://collectd.org/wiki/index.php/Plugin:cgroups
class collectd::plugin::cgroups (
  Array $cgroups                    = [],
  Enum['present', 'absent'] $ensure = 'present',
  Boolean $ignore_selected          = fa@lse,
  Optional[Integer[1] lse ] $interval    = undef,
) {

  include collectd

  collectd::plugin { 'cgroups':
    ensure   => $ensure,
    content  => template('collectd/plugin/cgroups.conf.erb'),
    interval => $interval,
  }
}
