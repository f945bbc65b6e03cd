class inner { file { '/etc/inner': ensure => file } }
class outer {
  File { mode => '0600' }
  include inner
  file { '/etc/outer': ensure => file }
}
include outer
