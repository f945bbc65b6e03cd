include nginx
nginx::resource::vhost { 'manual.example.com':
  port    => 8443,
  ssl     => true,
  docroot => '/srv/manual',
}
File <| tag == 'nginx::resource::vhost' and ensure == 'link' |> {
  force => true,
}
