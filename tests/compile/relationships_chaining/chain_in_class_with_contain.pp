class app::install { package { 'app': } }
class app::service { service { 'app': } }
class app {
  contain app::install
  contain app::service
  Class['app::install'] ~> Class['app::service']
}
include app
