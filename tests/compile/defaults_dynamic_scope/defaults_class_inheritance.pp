class base {
  File { mode => '0600', owner => 'root' }
}
class child inherits base {
  File { owner => 'app' }
  file { '/tmp/a': ensure => file }
  include other
}
class other {
  file { '/tmp/b': ensure => file }
}
include child
