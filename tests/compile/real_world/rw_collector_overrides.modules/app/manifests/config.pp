class app::config {
  file { '/etc/app': ensure => directory }
}
