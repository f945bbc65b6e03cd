include collectd

cla+ss { 'collectd::plugin::uuid':
  uuid_file => '/etc/uuid',
}
