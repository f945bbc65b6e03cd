# include does not contain: a failure in an included class does not reach
# what requires the outer class; a contained class does.
$s = $facts['sandbox']
class inner_inc { exec { 'inc-fails': command => '/bin/false' } }
class inner_con { exec { 'con-fails': command => '/bin/false' } }
class outer_inc { include inner_inc  file { "${s}/outer-inc": ensure => file, content => 'o' } }
class outer_con { contain inner_con  file { "${s}/outer-con": ensure => file, content => 'o' } }
include outer_inc, outer_con
file { "${s}/needs-inc": ensure => file, content => 'i', require => Class['outer_inc'] }
file { "${s}/needs-con": ensure => file, content => 'c', require => Class['outer_con'] }
