File { owner => 'root' }
File { owner => 'admin' }
file { '/etc/y': ensure => file }
