class base {
  File { owner => 'base' }
  file { '/etc/x': }
}
class child inherits base {
  File['/etc/x'] { group => 'wheel' }
}
include child
