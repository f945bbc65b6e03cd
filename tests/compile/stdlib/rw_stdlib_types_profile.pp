class { 'net':
  hosts => {
    'gw.example.com'  => '10.0.0.1',
    'v6.example.com'  => 'fe80::1',
    'net.example.com' => '10.1.0.0/16',
  },
}
