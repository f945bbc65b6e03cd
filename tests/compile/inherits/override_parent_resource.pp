class base { file { '/etc/conf': ensure => file, mode => '0644', owner => 'root' } }
class strict inherits base {
  File['/etc/conf'] { mode => '0600', group => 'wheel' }
}
include strict
