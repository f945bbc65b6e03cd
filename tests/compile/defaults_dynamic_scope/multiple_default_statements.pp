File { owner => 'root' }
File { group => 'wheel' }
file { '/etc/y': ensure => file }
