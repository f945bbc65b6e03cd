stage { 'bootstrap': before => Stage['main'] }
class bootstrap::repo {
  file { '/etc/apt/sources.list.d/internal.list': content => "deb http://repo.internal/debian bookworm main\n" }
  ~> exec { 'apt-update-internal': command => '/usr/bin/apt-get update', refreshonly => true }
}
class app::install { package { 'internal-app': ensure => latest } }
class app::config { file { '/etc/internal-app.conf': content => "ok\n" } }
class app::service { service { 'internal-app': ensure => running } }
class app {
  contain app::install
  contain app::config
  contain app::service
  Class['app::install'] -> Class['app::config'] ~> Class['app::service']
}
class { 'bootstrap::repo': stage => 'bootstrap' }
include app
