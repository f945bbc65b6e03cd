class postgresql::server::service {
  service { 'postgresql':
    ensure => running,
    enable => true,
    name   => "postgresql@${postgresql::server::version}-main",
  }
}
