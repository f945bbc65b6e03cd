class base {
  Package { ensure => latest, tag => ['base-pkg'] }
  Service { hasstatus => true }
  package { ['rsyslog', 'cron', 'logrotate']: }
  service { ['rsyslog', 'cron']:
    ensure  => running,
    require => Package['rsyslog', 'cron'],
  }
  @user { ['deploy', 'ops', 'audit']:
    ensure => present,
    tag    => ['staff'],
    shell  => '/bin/bash',
  }
  @package { 'sysstat': ensure => installed, tag => 'monitoring' }
}
