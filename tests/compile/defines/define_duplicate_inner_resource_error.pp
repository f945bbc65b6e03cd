define conf { file { '/etc/shared.conf': ensure => file } }
conf { 'a': }
conf { 'b': }
