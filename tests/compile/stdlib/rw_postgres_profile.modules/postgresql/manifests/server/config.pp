class postgresql::server::config {
  $port = $postgresql::server::port
  $confdir = $postgresql::server::confdir
  file { "${confdir}/postgresql.conf":
    ensure  => file,
    owner   => $postgresql::params::user,
    group   => $postgresql::params::group,
    mode    => '0640',
    content => template('postgresql/postgresql.conf.erb'),
  }
  file { "${confdir}/pg_hba.conf":
    ensure  => file,
    content => epp('postgresql/pg_hba.conf.epp', {
      'databases' => keys($postgresql::server::databases),
      'network'   => "${facts['networking']['ip']}/24",
    }),
  }
}
