class app { service { 'app': } }
include app
file { '/etc/app.conf': } ~> Class['app']
