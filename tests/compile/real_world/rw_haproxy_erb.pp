include haproxy
$backends = {
  'web-front' => {
    'ports'   => [80, 443],
    'options' => { 'httpchk' => 'GET /health', 'forwardfor' => '' },
    'members' => [
      { 'name' => 'web1', 'host' => '10.0.1.1', 'weight' => 10 },
      { 'host' => '10.0.1.2', 'port' => 8080 },
      { 'name' => 'web3', 'host' => '10.0.1.3', 'backup' => true },
    ],
    'comment' => 'public web',
  },
  'db-ro' => {
    'ipaddress' => ['127.0.0.1', '10.0.0.11'],
    'ports'     => 5433,
    'balance'   => 'leastconn',
    'members'   => [{ 'host' => '10.0.2.1', 'port' => 5432 }, { 'host' => '10.0.2.1', 'port' => 5432, 'name' => 'dup' }],
  },
}
$backends.each |$n, $cfg| {
  haproxy::listen { $n: * => $cfg }
}
