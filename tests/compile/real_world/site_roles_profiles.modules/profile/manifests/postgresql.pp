class profile::postgresql (
  Profile::Version $version = '15',
  Hash[String, Profile::Db] $databases = { 'app' => { 'owner' => 'app', 'encoding' => 'UTF8' } },
) {
  $svc = "postgresql@${version}-main"
  package { "postgresql-${version}": ensure => installed }
  -> service { $svc: ensure => running, enable => true }
  $databases.each |$name, $db| {
    exec { "createdb-${name}":
      command => "/usr/bin/createdb -O ${db['owner']} -E ${db['encoding']} ${name}",
      unless  => "/usr/bin/psql -lqt | cut -d '|' -f 1 | grep -qw ${name}",
      user    => 'postgres',
      require => Service[$svc],
    }
  }
}
