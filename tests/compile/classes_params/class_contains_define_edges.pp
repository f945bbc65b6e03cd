define app::vhost ($port = 80) { file { "/etc/app/${title}.conf": ensure => file } }
class app { app::vhost { 'main': } }
include app
