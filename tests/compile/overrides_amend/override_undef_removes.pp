class base { file { '/tmp/x': ensure => file, mode => '0600', tag => 'a' } }
class sub inherits base {
  File['/tmp/x'] { mode => undef, require +> Notify['r'] }
}
notify { 'r': }
include sub
