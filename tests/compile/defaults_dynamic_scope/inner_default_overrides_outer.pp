File { mode => '0644', owner => 'root' }
class secure {
  File { mode => '0600' }
  file { '/etc/shadow-copy': ensure => file }
}
include secure
file { '/etc/open': ensure => file }
