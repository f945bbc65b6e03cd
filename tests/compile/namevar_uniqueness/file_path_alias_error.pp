file { 'conf': path => '/etc/app.conf' }
file { '/etc/app.conf': ensure => file }
