File { mode => '0644' }
file { '/f': ensure => file }
