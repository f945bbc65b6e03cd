class ntp::params {
  $servers = ['0.pool.ntp.org', '1.pool.ntp.org']
  $driftfile = '/var/lib/ntp/drift'
}
class ntp {
  include ntp::params
  file { '/etc/ntp.conf': content => "${ntp::params::servers.join(' ')} ${ntp::params::driftfile}\n" }
}
include ntp
