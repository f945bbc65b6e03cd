define postgresql::server::db (
  String $owner,
  String $encoding,
  Array[String] $grants = ['CONNECT'],
) {
  ensure_resource('postgresql::server::role', $owner, { 'login' => true })
  exec { "createdb ${name}":
    command => shell_join(['/usr/bin/createdb', '-O', $owner, '-E', $encoding, $name]),
    unless  => "/usr/bin/psql -lqt | cut -d '|' -f 1 | grep -qw ${name}",
    user    => 'postgres',
    require => Postgresql::Server::Role[$owner],
  }
}
