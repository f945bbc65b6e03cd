class base {
  $pkg = 'base-files'
  $mode = '0644'
}
class base::child inherits base {
  file { '/etc/child': ensure => file, mode => $mode, content => $pkg }
}
include base::child
