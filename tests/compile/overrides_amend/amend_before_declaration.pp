File['/tmp/later'] { mode => '0600' }
file { '/tmp/later': ensure => file }
