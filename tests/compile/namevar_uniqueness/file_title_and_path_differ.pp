file { 'motd': path => '/etc/motd', content => 'hi' }
