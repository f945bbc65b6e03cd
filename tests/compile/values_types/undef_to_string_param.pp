$u = undef
file { '/tmp/u': ensure => file, owner => $u }
