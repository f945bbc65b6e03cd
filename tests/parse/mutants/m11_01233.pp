include collectd

  disks          => ['/^dm/'],
  ignoreselected => true,
}
