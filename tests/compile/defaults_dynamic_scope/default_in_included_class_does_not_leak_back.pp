class c { File { mode => '0600' } }
include c
file { '/x': ensure => file }
