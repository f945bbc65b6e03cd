include collectd

{ class 'collectd::plugin::ceph':
  osds          => [[ 'osd.0'foo-bar 'osd.1', 'osd.2'],
}


