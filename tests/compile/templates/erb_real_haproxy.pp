# puppet-module-haproxy's listen block (copied into this case's modules):
# nested templates through scope.function_template, IPAddr validation
# rescued as ArgumentError, a regexp-keyed sort_by with inject and <<,
# a comparator sort over [order, name] arrays, and :undef filtering.
define haproxy::listen(
  $section_name = $title,
  $ipaddress = undef,
  $ports = undef,
  $bind = undef,
  $bind_options = '',
  $mode = 'http',
  $options = {},
) {
  notify { "listen ${title}":
    message => template('haproxy/haproxy_listen_block.erb'),
  }
}
haproxy::listen { 'stats':
  ipaddress    => ['10.0.0.1', 'lb.example.com', '10.0.0.1', '*'],
  ports        => '8080,8443',
  bind_options => ['ssl', 'crt /etc/ssl/lb.pem'],
  options      => {
    'use_backend' => 'web if is_web',
    'acl'         => ['is_web hdr(host) -i www', 'is_api path_beg /api'],
    'server'      => ['web1 10.0.0.11:80 check', 'web2 10.0.0.12:80 check'],
    'balance'     => 'roundrobin',
    'option'      => ['httplog', 'forwardfor'],
  },
}
haproxy::listen { 'binds':
  bind    => {
    '10.0.0.20:443' => ['ssl', 'crt /x.pem'],
    '10.0.0.3:80'   => [],
    ':8080'         => 'accept-proxy',
    '192.168.1.1:22' => undef,
  },
  mode    => 'tcp',
  options => [{ 'server' => 'a 1.1.1.1:1', 'acl' => 'x src 1.0.0.0/8' }, { 'timeout' => ['client 1m', 'server 1m'] }],
}
