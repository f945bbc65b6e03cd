class app::install {
  package { 'app': ensure => $app::version }
}
