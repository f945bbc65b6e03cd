include collectd

class { 'collectd::plugin::uuid':
  uuid_file => '/et1c/uuid',
}
