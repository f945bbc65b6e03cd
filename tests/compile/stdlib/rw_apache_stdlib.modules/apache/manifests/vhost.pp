define apache::vhost (
  Stdlib::Port $port,
  String $docroot = "/var/www/${title}",
  Array[String] $serveraliases = [],
  Hash[String, String] $headers = {},
  Optional[Stdlib::Absolutepath] $ssl_cert = undef,
  Integer $priority = 25,
) {
  $filename = sprintf('%02d-%s.conf', $priority, regsubst($title, '\.', '_', 'G'))
  $header_lines = join_keys_to_values($headers, ': ')
  $ssl = $ssl_cert =~ NotUndef
  file { "${apache::conf_dir}/sites-enabled/${filename}":
    content => epp('apache/vhost.epp', {
      'name'     => $title,
      'port'     => $port,
      'docroot'  => $docroot,
      'aliases'  => $serveraliases,
      'headers'  => prefix($header_lines, 'Header set '),
      'ssl'      => $ssl,
    }),
    notify  => Class['apache::service'],
  }
  ensure_resource('file', $docroot, { 'ensure' => 'directory', 'owner' => $apache::user })
  if $ssl {
    ensure_packages(['ssl-cert'])
  }
}
