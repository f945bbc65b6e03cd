class config { file { '/etc/app.conf': } }
include config
service { 'app': subscribe => Class['config'] }
