class postgresql::server::install {
  $pkgs = suffix(['postgresql', 'postgresql-client', 'postgresql-contrib'], "-${postgresql::server::version}")
  package { $pkgs: ensure => installed, tag => ['postgresql'] }
}
