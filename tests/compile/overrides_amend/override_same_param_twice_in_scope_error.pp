file { '/x': ensure => file }
File['/x'] { owner => 'a' }
File['/x'] { owner => 'b' }
