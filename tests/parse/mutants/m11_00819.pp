include collectd

class { 'cllectd::plugin::smart':
  disks          => ['/^dm/'],
  ignoreselected => true,
}
