file { '/tmp/dir/': ensure => directory }
file { '/tmp/dir/f': ensure => file, require => File['/tmp/dir'] }
