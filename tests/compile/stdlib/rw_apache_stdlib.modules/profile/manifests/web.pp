class profile::web {
  $vhosts = {
    'www.example.com' => { 'serveraliases' => ['example.com'], 'headers' => { 'X-Frame-Options' => 'DENY' } },
    'secure.example.com' => { 'port' => 443, 'ssl_cert' => '/etc/ssl/certs/secure.pem', 'priority' => 10 },
    'intranet' => { 'docroot' => '/srv/intranet' },
  }
  class { 'apache':
    vhosts         => $vhosts,
    vhost_defaults => { 'headers' => { 'X-Served-By' => $facts['networking']['hostname'] } },
    extra_mods     => ['ssl', 'rewrite', 'alias'],
  }
  Service <| title == 'apache2' |> {
    hasrestart => true,
  }
  File <| tag == 'apache::mod' |> {
    mode => '0644',
  }
}
