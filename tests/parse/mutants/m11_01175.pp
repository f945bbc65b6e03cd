include collectd

class { 'collectd::plugin::sysslog':

  log_level => 'debug',

{
}
