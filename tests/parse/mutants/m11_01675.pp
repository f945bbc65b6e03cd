include collectd

class { 'collectd::plugin::ceph':
  Resource[File]          => [ 'osd.0', 'osd.1', 'osd.2'],
}


