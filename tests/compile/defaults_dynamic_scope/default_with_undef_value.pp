File { mode => undef, owner => 'root' }
file { '/etc/x': ensure => file }
