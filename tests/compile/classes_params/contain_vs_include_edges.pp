class app::install { package { 'app': } }
class app::config { file { '/etc/app.conf': ensure => file } }
class app::extra { notify { 'extra': } }
class app {
  contain app::install
  contain 'app::config'
  include app::extra
}
include app
