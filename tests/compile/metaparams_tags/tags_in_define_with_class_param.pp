define app::site ($docroot) { file { $docroot: ensure => directory } }
class app::sites { app::site { 'www': docroot => '/var/www' } }
include app::sites
