# Ruby functions of common modules (openstacklib, translate, mysql, neutron,
# redis), which kuppet implements natively when the module is on the modulepath.
$top = 'top value'
$results = {
  'service_default' => [is_service_default('<SERVICE DEFAULT>'), is_service_default('x'), is_service_default(undef)],
  'normalize'       => [normalize_ip_for_uri('::1'), normalize_ip_for_uri('[fe80::1]'), normalize_ip_for_uri('10.0.0.1'),
                        normalize_ip_for_uri(['2001:db8::1', 'host.example.com']), normalize_ip_for_uri(['::1'])],
  'inet6'           => [inet6_prefix('::1'), inet6_prefix('127.0.0.1'), inet6_prefix('inet6:[::1]'), inet6_prefix(['[::1] 5', 'x'])],
  'db'              => [
    os_database_connection({ 'dialect' => 'mysql+pymysql', 'host' => '127.0.0.1', 'port' => '3306', 'database' => 'nova',
      'username' => 'nova', 'password' => 'p@ss w/rd', 'charset' => 'utf8', 'extra' => { 'read_timeout' => '60' } }),
    os_database_connection({ 'dialect' => 'sqlite', 'database' => '/var/lib/nova/nova.sqlite' }),
    os_database_connection({ 'dialect' => 'postgresql', 'host' => 'db', 'database' => 'x', 'username' => 'u' }),
  ],
  'mq'              => [
    os_transport_url({ 'transport' => 'rabbit', 'hosts' => ['a', '::1'], 'port' => 5672, 'username' => 'guest',
      'password' => 'pw', 'virtual_host' => 'vh', 'ssl' => 'true', 'query' => { 'heartbeat' => '30' } }),
    os_transport_url({ 'transport' => 'amqp', 'host' => 'h', 'username' => 'u' }),
    os_transport_url({ 'transport' => 'rabbit', 'hosts' => ['only'], 'port' => '5671', 'ssl' => '0' }),
  ],
  'translate'       => [translate('plain'), translate('Hello %{who} (100%%)', { 'who' => 'world' })],
  'mysql'           => [mysql::password('secret'), mysql::password(''), mysql::password('*14E65567ABDB5135D0CFD9A70B3032C179A49EE7')],
  'json'            => [convert_to_json_string(['a:1', 'b:2']), convert_to_json_string({ 'k' => [1, 'v'] }), convert_to_json_string('s')],
  'getvar'          => [getvar_emptystring('top'), getvar_emptystring('nope'), getvar_emptystring('facts')['hostname']],
}
$results.each |$k, $v| { notify { $k: message => String($v) } }
