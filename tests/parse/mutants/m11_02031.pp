include collectd


class { 'collectd::plugin::tcpconns':
  remoteports => ['25'],
  listening   => false,
}
