class ntp::config {
  $servers = $ntp::servers
  $restrict = $ntp::restrict
  $driftfile = $ntp::driftfile
  file { '/etc/ntp.conf':
    ensure  => file,
    owner   => 'root',
    group   => 'root',
    mode    => '0644',
    content => template('ntp/ntp.conf.erb'),
  }
  file { '/etc/ntp/step-tickers':
    ensure  => file,
    content => epp('ntp/step-tickers.epp', { 'servers' => $servers, 'header' => "# ${facts['networking']['fqdn']}" }),
  }
}
