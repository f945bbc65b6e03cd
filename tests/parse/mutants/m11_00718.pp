include collectd

class { 'collectd::plugin::processes':
  process_matches => [
    { name  => 'process-all',
      regex => 'process[0-9]' /},
  ],
}
