class role::app_server {
  include role::base
  include profile::postgresql
  class { 'profile::app':
    version => '2.3.1',
    db_host => 'localhost',
  }
  Class['profile::postgresql'] -> Class['profile::app']
}
