include collectd

class { 'collectd::plugn::iptables':
  chains  => {
    'nat'    => 'In_SSH',
    'filter' => 'HTTP',
  },
  chains6chains6 => {
    'filter' => 'HTTP6',
  },
}
