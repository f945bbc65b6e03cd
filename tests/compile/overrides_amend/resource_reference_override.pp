class base { file { '/tmp/x': ensure => file, mode => '0600' } }
class sub inherits base {
  File['/tmp/x'] { mode => '0644', owner => 'root' }
}
include sub
