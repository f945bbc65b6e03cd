node default {
  Service { hasstatus => true }
  service { 'cron': ensure => running }
}
