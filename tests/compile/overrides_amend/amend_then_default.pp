file { '/x': ensure => file }
File['/x'] { owner => 'amended' }
File { owner => 'default', group => 'default' }
