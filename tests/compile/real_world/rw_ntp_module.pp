node default {
  include ntp
}
node 'node1.example.com' {
  class { 'ntp':
    preferred => '0.pool.ntp.org',
  }
  notify { 'after ntp': require => Class['ntp'] }
}
