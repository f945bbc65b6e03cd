class postgresql::params {
  $user = 'postgres'
  $group = 'postgres'
  $confdir_base = $facts['os']['family'] ? {
    'Debian' => '/etc/postgresql',
    default  => '/var/lib/pgsql',
  }
}
