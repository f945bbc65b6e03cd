file { '/etc/long/path.conf': ensure => file, alias => ['short', 'conf'] }
notify { 'n': require => [File['short'], File['conf']] }
