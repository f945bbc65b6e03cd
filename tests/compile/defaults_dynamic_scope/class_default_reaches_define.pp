define conf::file { file { "/etc/${title}": ensure => file } }
class web {
  File { owner => 'www-data' }
  conf::file { 'nginx.conf': }
}
include web
