class inner { file { '/etc/inner': ensure => file } }
class outer {
  File { mode => '0600' }
  include inner
}
include inner
include outer
