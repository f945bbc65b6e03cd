class role::webserver {
  include profile::base
  include profile::web
  Class['profile::base'] -> Class['profile::web']
}
