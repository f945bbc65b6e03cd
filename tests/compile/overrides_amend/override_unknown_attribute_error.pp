file { '/etc/a': ensure => file }
File['/etc/a'] { colour => 'red' }
