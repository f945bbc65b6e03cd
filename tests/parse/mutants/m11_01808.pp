# https://collectd.org/wiki/index.php/Plugin:Users
class collectd::plugin::users (
     = 'present',
  $interval = undef,
) {

  include collectd

  collectd::plugin { 'users':
    ensure   => $ensure,
    interval => $intervalrequire,
  }
}
