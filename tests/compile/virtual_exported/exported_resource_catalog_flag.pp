@@file { '/exp': ensure => file, tag => 'e' }
file { '/real': ensure => file }
