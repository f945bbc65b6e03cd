package { 'nginx': ensure => '1.2.3', install_options => ['--no-install-recommends'] }
service { 'nginx': ensure => running, enable => true, hasrestart => true, subscribe => Package['nginx'] }
