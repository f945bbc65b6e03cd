file { '/etc/before': ensure => file }
File { mode => '0444' }
file { '/etc/after': ensure => file }
