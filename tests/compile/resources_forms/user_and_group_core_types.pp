group { 'admins': gid => 500, ensure => present }
user { 'alice': uid => 1001, gid => 'admins', groups => ['wheel'], home => '/home/alice', managehome => true, shell => '/bin/bash', password => Sensitive('x') }
