class chrony::config (
  $config  = $chrony::config,
  $servers = $chrony::servers,
) {
  file { $config:
    ensure  => file,
    owner   => 0,
    group   => 0,
    mode    => '0644',
    content => $servers.map |$s| { "server ${s} iburst\n" }.join(''),
  }
}
