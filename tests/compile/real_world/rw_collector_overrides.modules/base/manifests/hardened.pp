class base::hardened inherits base {
  Service['cron'] {
    enable => true,
    require +> Package['logrotate'],
  }
  Package['logrotate'] { ensure => '3.21.0' }
  Service['rsyslog'] { hasstatus => undef }
}
