@@file { '/etc/exp-a': ensure => file, tag => 'a' }
@@file { '/etc/exp-b': ensure => file, tag => 'b' }
File <<| tag == 'b' |>>
