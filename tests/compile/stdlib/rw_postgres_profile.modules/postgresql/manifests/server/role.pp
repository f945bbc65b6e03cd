define postgresql::server::role (
  Boolean $login = false,
  Optional[String] $password = undef,
) {
  $flags = $login ? { true => 'LOGIN', default => 'NOLOGIN' }
  exec { "createrole ${name}":
    command => "/usr/bin/psql -c \"CREATE ROLE ${name} ${flags}\"",
    unless  => "/usr/bin/psql -tc \"SELECT 1 FROM pg_roles WHERE rolname='${name}'\" | grep -q 1",
    user    => 'postgres',
    require => Class['postgresql::server::service'],
  }
}
