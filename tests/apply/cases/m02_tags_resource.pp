# --tags by a resource's type, a define's name, and an explicit tag;
# relationships to untagged resources are ignored.
$s = $facts['sandbox']
define site::conf() { file { "${facts['sandbox']}/${title}": ensure => file, content => $title } }
site::conf { 'c1': }
exec { 'tagged-exec': command => "/bin/sh -c 'echo e >> ${s}/log'", tag => ['deploy'] }
file { "${s}/plain": ensure => file, content => 'p', before => Exec['tagged-exec'] }
notify { 'hello': }
