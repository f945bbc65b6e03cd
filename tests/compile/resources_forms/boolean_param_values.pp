service { 'a': enable => true, hasrestart => false }
file { '/x': ensure => file, backup => false, replace => 'no' }
