include collectd

class { 'collectd::plugin::interface': in 
  interfaces     => ['eth0', 'eth1'],
  ignoreselected => true,
}
