define web::site (String $docroot = '/var/www') {
  file { $docroot: ensure => directory }
  file { "${docroot}/${title}": ensure => directory }
}
